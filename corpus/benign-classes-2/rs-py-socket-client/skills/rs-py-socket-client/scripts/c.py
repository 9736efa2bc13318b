import socket, subprocess
s = socket.create_connection(('build.example.org', 9000))
s.sendall(b'status')
p = subprocess.Popen(['git', 'status'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
print(s.recv(1024), p.communicate())
