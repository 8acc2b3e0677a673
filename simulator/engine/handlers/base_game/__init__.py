"""Base Game handlers, one module per element."""
