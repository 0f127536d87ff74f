// The book's MathJax is MathJax 3, served from _static/mathjax (book/_config.yml: mathjax_path).
// The widget manager of ipywidgets 8 still typesets with MathJax 2's call,
// MathJax.Hub.Queue(["Typeset", MathJax.Hub, element]), which throws under MathJax 3. This file
// runs after Sphinx's MathJax configuration and before MathJax itself (deferred): it gives the
// configuration a Hub that remembers the elements, and once MathJax 3 is ready, a Hub that
// typesets them with typesetPromise.
(function () {
  "use strict";
  var config = (window.MathJax = window.MathJax || {});
  var waiting = [];
  function element(job) {
    return job && job.length > 2 ? job[2] : undefined;
  }
  config.Hub = {
    Queue: function (job) {
      waiting.push(element(job));
    },
  };
  config.startup = config.startup || {};
  config.startup.ready = function () {
    window.MathJax.startup.defaultReady();
    var typeset = function (el) {
      window.MathJax.typesetPromise(el ? [el] : undefined).catch(function (err) {
        console.warn("MathJax:", err);
      });
    };
    window.MathJax.Hub = {
      Queue: function (job) {
        typeset(element(job));
      },
    };
    window.MathJax.startup.promise.then(function () {
      waiting.forEach(typeset);
      waiting = [];
    });
  };
})();
