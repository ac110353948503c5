"""Finding the campaign the way git finds a repository: from the current folder upward.

A *campaign folder* holds ``campaign.yaml``. Its *repository* is the folder a GM keeps under
version control and where hexcrawl writes (``build/``, ``site/``, ``print/``) and reads the
site settings (``mkdocs.yml``): the campaign folder itself, or, when the campaign lives in a
``content/`` folder (as in hexcrawl's own repository), the folder that holds ``content/``.

From a folder, each folder up to the file system's root is tried in turn: one holding
``campaign.yaml`` is the campaign; one holding ``content/campaign.yaml`` is the repository of
the campaign in its ``content/``. ``--content DIR`` names the campaign folder instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

CAMPAIGN_FILE = "campaign.yaml"
CONTENT_FOLDER = "content"


@dataclass(frozen=True)
class CampaignPlace:
    """Where a campaign is: its folder and its repository (both as the user should see them:
    relative to the current folder when that is shorter)."""

    content: Path
    repository: Path

    @property
    def build_dir(self) -> Path:
        """``build/``: the generated docs trees and MkDocs configs."""
        return self.repository / "build"

    @property
    def site_dir(self) -> Path:
        """``site/``: the built sites (``site/players``, ``site/gm``)."""
        return self.repository / "site"

    @property
    def print_dir(self) -> Path:
        """``print/``: the PDFs of ``hexcrawl print``."""
        return self.repository / "print"

    @property
    def config(self) -> Path | None:
        """The repository's own ``mkdocs.yml``, if it has one."""
        path = self.repository / "mkdocs.yml"
        return path if path.is_file() else None


def repository_of(content: Path) -> Path:
    """The repository of a campaign folder: the folder holding ``content/`` when the
    campaign is a ``content/`` folder, else the campaign folder itself."""
    absolute = Path(os.path.abspath(content))
    if absolute.name == CONTENT_FOLDER and absolute.parent != absolute:
        return _shown(absolute.parent)
    return _shown(absolute)


def place_of(content: Path) -> CampaignPlace:
    """The place of a campaign folder given on the command line (``--content``)."""
    return CampaignPlace(content, repository_of(content))


def find_campaign(start: Path | None = None) -> CampaignPlace | None:
    """The campaign of ``start`` (default: the current folder) or of the nearest folder
    above it; None when there is none up to the root."""
    here = Path(os.path.abspath(start if start is not None else Path.cwd()))
    for folder in (here, *here.parents):
        if (folder / CAMPAIGN_FILE).is_file():
            return CampaignPlace(_shown(folder), repository_of(folder))
        if (folder / CONTENT_FOLDER / CAMPAIGN_FILE).is_file():
            return CampaignPlace(_shown(folder / CONTENT_FOLDER), _shown(folder))
    return None


def _shown(path: Path) -> Path:
    """``path`` relative to the current folder when it lies inside it or a few folders above
    (as compilers print file names), else absolute."""
    try:
        rel = Path(os.path.relpath(path))
    except ValueError:  # another drive on Windows
        return path
    return rel if rel.parts[:4].count("..") < 4 else path


__all__ = ["CampaignPlace", "find_campaign", "place_of", "repository_of"]
