"""Screens: pure functions from state to HTML text (see ``ui.html``)."""
