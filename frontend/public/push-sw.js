// Issue 32: reminders by Web Push, in the service worker. Workbox's generated sw.js loads this file
// (vite.config.ts workbox.importScripts); a file of this origin, as the Content-Security-Policy wants.
// A push's payload is JSON { title, body, url, tag } (shared/dtos/push.ts PushPayload): shown as a
// notification; a tap focuses an open ChoreQuest window and opens the push's screen in it, or opens
// a new window there. Plain ES5-style script: it runs as it is, unbundled (push-sw.test.ts runs it).
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

  sw.chorequestPush = { notificationOf: notificationOf, appPath: appPath };

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
