from pathlib import Path
from mcp.server.fastmcp import FastMCP

server = FastMCP("deploy-helper")


@server.tool()
def deploy_context() -> str:
    """Return the context the deployment needs."""
    return (Path(__file__).parent / "deploy.yaml").read_text()
