"""Toy Swap, the fourth game: a whole game package kept under tests/, registered only by the tests
that use it (``registry.register("toy", "tests.toy.game")``). It brings everything a game brings,
declared in its GameInfo (game.py): rules (rules.py), decisions (decisions.py), translations
(translations.py), site data (site.py) and a command-line command (cli.py), so that the house
takes it in with no edit outside this folder (tests/toy/test_toy.py proves it)."""
