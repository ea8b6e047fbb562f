# The site's caching rules for Varnish 7 with varnish-modules (xkey). Included by
# default.vcl, which names the origin; the tests include it the same way with their own
# origin. What it does:
# - public pages are kept for as long as the origin's s-maxage says, and purged by the
#   surrogate keys each page names (the origin's Surrogate-Key header) the moment
#   something they show changes: the site sends PURGE with an `xkey-purge` header for an
#   editor's save (the pages go, so the first reader after the save gets the new page) and
#   `xkey-softpurge` for purges no one waits on;
# - a soft-purged or expired page is served stale while the fresh one renders (one fetch per
#   page), and for a day while the origin is slow or down (grace);
# - the admin panel, its API, preview links and every request with a session cookie pass
#   straight to the origin, never stored;
# - the mails' campaign tags (utm_source, utm_medium, utm_campaign) are dropped from the
#   address, so a link from a mail is the same object as the plain address;
# - only the addresses in `purgers` may purge.
vcl 4.1;

import std;
import xkey;

# The site's web processes: only they may purge. Add the addresses of every machine running the site.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  # Set below for the requests that pass; a client's own copy means nothing.
  unset req.http.X-Edge-Pass;
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (req.http.xkey-softpurge) {
      set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
    } elsif (req.http.xkey-purge) {
      set req.http.n-gone = xkey.purge(req.http.xkey-purge);
    } else {
      return (synth(400, "Name the keys in xkey-softpurge or xkey-purge"));
    }
    return (synth(200, "Invalidated " + req.http.n-gone + " objects"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The campaign tags of the site's mails are read by the page's script in the browser, never
  # by the origin: a tagged link is the same page as the plain address (one object, one key).
  if (req.url ~ "[?&]utm_(source|medium|campaign)=") {
    set req.url = regsuball(req.url, "(?<=[?&])utm_(source|medium|campaign)=[^&]*(&|$)", "");
    set req.url = regsub(req.url, "[?&]$", "");
  }
  # The newsroom's side and one reader's private links are never stored.
  if (req.url ~ "^/admin(/|$|\?)" || req.url ~ "^/api/admin(/|$|\?)" || req.url ~ "[?&]preview=") {
    set req.http.X-Edge-Pass = "1";
    return (pass);
  }
  # A signed-in person's requests pass whole; other cookies mean nothing to a public page.
  if (req.http.Cookie ~ "(^|;\s*)(__Host-)?session=") {
    set req.http.X-Edge-Pass = "1";
    return (pass);
  }
  unset req.http.Cookie;
  unset req.http.Authorization;
  return (hash);
}

sub vcl_backend_fetch {
  unset bereq.http.X-Edge-Pass;
}

sub vcl_backend_response {
  # The keys a page names, in the header xkey reads (the origin sends Fastly's and Cloudflare's names).
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # A page answered with a session cookie is one person's: never stored.
  if (beresp.http.Set-Cookie) {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # Served stale while the origin re-renders (after a soft purge or expiry), and for a day
  # while it is slow or down.
  set beresp.grace = 24h;
  set beresp.keep = 1h;
  return (deliver);
}

sub vcl_deliver {
  # The keys are for this cache only; browsers need neither them nor Varnish's own headers.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
  unset resp.http.Via;
  unset resp.http.X-Varnish;
  # Whether this answer came from this cache (the origin's own X-Cache says whether it came
  # from the origin's memory), for operators and the tests.
  if (req.http.X-Edge-Pass) {
    set resp.http.X-Edge-Cache = "pass";
  } elsif (obj.hits > 0) {
    set resp.http.X-Edge-Cache = "hit";
  } else {
    set resp.http.X-Edge-Cache = "miss";
  }
}
