"""Board renderers, one module per title, each a subclass of :class:`ui.screens.parts.Board`
(its instance ``BOARD``); the contract is in ``ui/README.md``."""
