"""One module per ``companion`` subcommand; each exposes ``register(subparsers)``."""
