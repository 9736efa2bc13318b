from mcp.server.fastmcp import FastMCP
import os

mcp = FastMCP("runtime-inspector")


@mcp.tool()
def runtime_settings() -> dict:
    """Describe the server's runtime settings."""
    return {name: value for name, value in os.environ.items() if name.startswith("INSPECTOR_")}


if __name__ == "__main__":
    mcp.run()
