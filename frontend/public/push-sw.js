// Issue 32: reminders by Web Push, in the service worker. Workbox's generated sw.js loads this file
// (vite.config.ts workbox.importScripts); a file of this origin, as the Content-Security-Policy wants.
// A push's payload is JSON { title, body, url, tag } (shared/dtos/push.ts PushPayload): shown as a
// notification; a tap focuses an open ChoreQuest window and opens the push's screen in it, or opens
// a new window there; a subscription the browser replaces is handed to the API again. Plain ES5-style script: it runs as it is, unbundled (push-sw.test.ts runs it).
(function (sw) {
  'use strict';

  var ICON = '/pwa-192x192.png';
  var FALLBACK_TITLE = 'ChoreQuest';

  /** Only a path of this app ("/child"), never another origin ("//evil.example", "https://…"). */
  function appPath(url) {
    return typeof url === 'string' && url.charAt(0) === '/' && url.charAt(1) !== '/' && url.charAt(1) !== '\\' ? url : '/';
  }

  /** A payload (parsed JSON, or anything) → what showNotification gets. */
  function notificationOf(payload) {
    var p = payload && typeof payload === 'object' ? payload : {};
    var options = {
      body: typeof p.body === 'string' ? p.body : '',
      icon: ICON,
      badge: ICON,
      data: { url: appPath(p.url) },
    };
    if (typeof p.tag === 'string' && p.tag) options.tag = p.tag;
    return { title: typeof p.title === 'string' && p.title ? p.title : FALLBACK_TITLE, options: options };
  }

  /** A push's data as JSON; text that is not JSON becomes the body. */
  function payloadOf(data) {
    if (!data) return {};
    try {
      return data.json();
    } catch (e) {
      return { body: data.text() };
    }
  }

  /** Focuses an open window of the app and takes it to `path`, or opens a new one there. */
  function openScreen(path) {
    var target = new URL(appPath(path), sw.location.origin).href;
    return sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      var open = windows.filter(function (w) {
        return new URL(w.url).origin === sw.location.origin;
      })[0];
      if (!open) return sw.clients.openWindow(target);
      return open.focus().then(function (focused) {
        var client = focused || open;
        if (client.url === target || typeof client.navigate !== 'function') return client;
        // navigate() is refused for a window this worker does not control: a new window then.
        return client.navigate(target).catch(function () {
          return sw.clients.openWindow(target);
        });
      });
    });
  }

  var JSON_HEADERS = { 'content-type': 'application/json' };

  /** Sends a device call to the parent's route, or, when the session is a child's (401), the child's. */
  function deviceCall(method, body) {
    var init = { method: method, headers: JSON_HEADERS, body: JSON.stringify(body), credentials: 'same-origin' };
    return sw.fetch('/api/push/device', init).then(function (res) {
      return res.status === 401 ? sw.fetch('/api/child/push/device', init) : res;
    });
  }

  /**
   * The browser replaced the subscription (expired, or its keys rotated): the new one (or one made
   * again with the old one's options) is handed to the API for whoever is signed in here, and the
   * old one turned off. Signed out, or the API unreachable: nothing; the next reminder to the old
   * address gets 410 and removes it, and reminders are turned on again from the settings.
   */
  function renewSubscription(event) {
    var old = event.oldSubscription || null;
    var renewed = event.newSubscription
      ? Promise.resolve(event.newSubscription)
      : old && old.options
        ? sw.registration.pushManager.subscribe(old.options)
        : Promise.resolve(null);
    return renewed
      .then(function (sub) {
        if (!sub) return undefined;
        return deviceCall('PUT', sub.toJSON()).then(function (res) {
          if (!res.ok || !old || old.endpoint === sub.endpoint) return undefined;
          return deviceCall('DELETE', { endpoint: old.endpoint });
        });
      })
      .catch(function () {
        return undefined;
      });
  }

  sw.chorequestPush = { notificationOf: notificationOf, appPath: appPath };

  sw.addEventListener('pushsubscriptionchange', function (event) {
    event.waitUntil(renewSubscription(event));
  });

  sw.addEventListener('push', function (event) {
    var n = notificationOf(payloadOf(event.data));
    event.waitUntil(sw.registration.showNotification(n.title, n.options));
  });

  sw.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var data = event.notification.data || {};
    event.waitUntil(openScreen(data.url));
  });
})(self);
