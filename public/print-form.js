// The printable registration form prints itself half a second after it has loaded (SPEC: 0.5 s).
// A file, not an inline script: the site's Content-Security-Policy allows only our own scripts.
window.addEventListener("load", function () {
  setTimeout(function () {
    window.print();
  }, 500);
});
