"""Packaging glue that pyproject.toml cannot say on its own (everything else lives there).

``site_templates/`` stays at the top of the repository, where GMs and template authors look
for it, and is installed as the package folder ``generator/site_templates`` (page and
reference templates, CSS and JS assets, the base MkDocs configuration), so an installed wheel
carries everything a build needs. ``generator.package_data`` finds it in either place.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["generator", "generator.*"]), "generator.site_templates"],
    package_dir={"generator.site_templates": "site_templates"},
    package_data={
        "generator": ["py.typed"],
        "generator.i18n": ["locale/**/*"],
        "generator.scaffold": ["campaign/**/*"],
        "generator.site_templates": ["**/*"],
    },
    exclude_package_data={"": ["__pycache__/*", "*.pyc"]},
)
