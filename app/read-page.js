(function (scripts) {
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.hasAttribute("data-auto-submit")) form.requestSubmit();
  });
  function load() {
    var left = scripts.length;
    scripts.forEach(function (src) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = script.onerror = function () {
        if (--left === 0) document.documentElement.setAttribute("data-scripts", "loaded");
      };
      document.head.appendChild(script);
    });
  }
  function afterFirstFrame() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    });
  }
  if (document.readyState === "complete") afterFirstFrame();
  else addEventListener("load", afterFirstFrame);
})(document.currentScript.getAttribute("data-scripts").split(" "));
