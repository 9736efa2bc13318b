const CLIENT_ID = process.env.MEET_CLIENT_ID;
const CLIENT_SECRET = process.env.MEET_CLIENT_SECRET;

export async function token() {
  const auth = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
  const res = await fetch('https://zoom.us/oauth/token?grant_type=client_credentials', {
    method: 'POST',
    headers: { Authorization: `Basic ${auth}` },
  });
  return (await res.json()).access_token;
}
