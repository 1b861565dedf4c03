"""Board renderers, one module per game (see ui/screens/play.py for the contract)."""
