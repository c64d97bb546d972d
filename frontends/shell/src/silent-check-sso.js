// keycloak-js loads silent-check-sso.html in a hidden iframe for check-sso and reads this answer.
// A separate file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
parent.postMessage(location.href, location.origin);
