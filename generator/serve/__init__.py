"""The dev server (``hexcrawl serve``): the MkDocs hook that regenerates the docs on every
edit (``hooks``), what it keeps between builds (``memo``, ``parsecache``) and the page that
shows content errors in the browser (``errors``)."""
