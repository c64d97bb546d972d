// Keycloak admin REST calls the launchers need (Node built-ins only).

async function adminToken({ url, adminUser, adminPassword }) {
  const res = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: adminUser,
      password: adminPassword,
    }),
  });
  if (!res.ok) throw new Error(`Keycloak admin sign-in failed (HTTP ${res.status})`);
  return (await res.json()).access_token;
}

/**
 * Lets the web client sign in from `publicUrl` (redirect URIs, web origins, logout redirect):
 * the realm file names one public URL, a launcher on another port adds its own.
 */
export async function allowClientOrigin(kc, publicUrl, clientId = 'loadout-web') {
  const token = await adminToken(kc);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const base = `${kc.url}/admin/realms/${kc.realm}/clients`;
  const [client] = await (
    await fetch(`${base}?clientId=${encodeURIComponent(clientId)}`, { headers })
  ).json();
  if (!client) throw new Error(`client ${clientId} not found in realm ${kc.realm}`);
  const origin = new URL(publicUrl).origin;
  const add = (list, value) => (list.includes(value) ? list : [...list, value]);
  const redirectUris = add(client.redirectUris ?? [], `${origin}/*`);
  const webOrigins = add(client.webOrigins ?? [], origin);
  const logout = (client.attributes?.['post.logout.redirect.uris'] ?? '')
    .split('##')
    .filter(Boolean);
  const attributes = {
    ...client.attributes,
    'post.logout.redirect.uris': add(logout, `${origin}/*`).join('##'),
  };
  const res = await fetch(`${base}/${client.id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...client, redirectUris, webOrigins, attributes }),
  });
  if (!res.ok) throw new Error(`updating client ${clientId} failed (HTTP ${res.status})`);
}
