// The weekly report page (GET /api/reports/weekly, issue 18): its Print button, and the app's own
// light/dark choice on screen. A file, not inline script: the Content-Security-Policy allows only
// scripts of this origin. Without it the page still reads and prints (the browser's own Print).
(function () {
  try {
    var mode = localStorage.getItem('mui-mode');
    if (mode === 'light' || mode === 'dark') document.documentElement.setAttribute('data-scheme', mode);
  } catch (e) {
    // Storage blocked: the device's setting decides.
  }
  var button = document.getElementById('print-report');
  if (!button) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    window.print();
  });
})();
