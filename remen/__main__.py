"""``python -m remen`` runs the command-line interface."""

from remen.cli import main

main()
