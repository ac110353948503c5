"""One module per kind of content file: each reads its files (``content.reading``), checks
them against their model and what they name against what the others define
(``content.refs``), and gives the part of the Campaign they hold."""
