import smtplib
from email.message import EmailMessage

msg = EmailMessage()
msg.set_content(open("reports/nightly.txt").read())
msg["To"] = "team@example.org"
with smtplib.SMTP("mail.example.org") as s:
    s.send_message(msg)
