/** Steps to create a Zoho self-client and a refresh token (the Setup Guide sub-tab). */
export function SetupGuide() {
  return (
    <div className="prose-sm max-w-3xl space-y-4 text-sm leading-relaxed">
      <p>
        The site reads Zoho Analytics with an OAuth <strong>self-client</strong>: a client that belongs to your Zoho account and needs no redirect.
        Use the Zoho account that owns (or administers) the workspace.
      </p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          Open the Zoho API console for your data center, for example <code>https://api-console.zoho.com</code> (US), <code>api-console.zoho.eu</code>{' '}
          (EU) or <code>api-console.zoho.in</code> (India), and sign in.
        </li>
        <li>
          Choose <strong>Add Client</strong>, then <strong>Self Client</strong>, and confirm. The <strong>Client Secret</strong> tab shows the client
          ID and client secret: copy both into the Credentials tab.
        </li>
        <li>
          On the <strong>Generate Code</strong> tab, enter the scopes <code>ZohoAnalytics.metadata.read,ZohoAnalytics.data.read</code>, pick a
          duration (10 minutes is enough), describe it (&ldquo;Energy site&rdquo;) and create the code. Copy the grant code.
        </li>
        <li>
          Exchange the grant code for a refresh token within those minutes, from any terminal (use your data center&apos;s accounts host):
          <pre className="bg-muted mt-2 overflow-x-auto rounded-md p-3 text-xs">
            {`curl -X POST https://accounts.zoho.com/oauth/v2/token \\
  -d grant_type=authorization_code \\
  -d client_id=YOUR_CLIENT_ID \\
  -d client_secret=YOUR_CLIENT_SECRET \\
  -d code=YOUR_GRANT_CODE`}
          </pre>
          The answer&apos;s <code>refresh_token</code> goes into the Refresh token field. It does not expire unless you revoke it.
        </li>
        <li>
          The <strong>Workspace ID</strong> is the long number after <code>/workspace/</code> in the address bar when the workspace is open in Zoho
          Analytics. For the energy mix, open a table or report with a source column and an amount column and copy the number after{' '}
          <code>/view/</code> into <strong>Energy mix view ID</strong>.
        </li>
        <li>
          For each dashboard to show on the site, publish it in Zoho Analytics (<strong>Share → Publish → Embed in Website/Blog</strong>) and paste
          its URL into the Dashboards tab. The energy dashboard appears on the Analytics tab of the analytics page.
        </li>
        <li>
          Save, then <strong>Test Connection</strong>: the site fetches a token, finds your organization and checks the workspace.
        </li>
      </ol>
      <p className="text-muted-foreground">
        The client secret and refresh token are stored encrypted and are never shown again; leave their fields blank to keep them.
      </p>
    </div>
  );
}
