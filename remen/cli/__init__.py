"""The `remen` command line: argparse commands that call the service and print."""

from remen.cli.main import main

__all__ = ["main"]
