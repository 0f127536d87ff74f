// kuhtheory self-check (kuhtheory/selfcheck.py): checks the answers in the page, no kernel needed.
// Each question is a list item (class kt-sc-q) with data-kind ("number" or "choice"), data-answer and,
// for numbers, data-tolerance. Runs once per quiz; finds its quiz as the parent of this script.
(function () {
  var script = document.currentScript;
  var quiz = script ? script.closest(".kt-selfcheck") : null;
  if (!quiz) {
    var all = document.querySelectorAll(".kt-selfcheck:not([data-ready])");
    quiz = all.length ? all[all.length - 1] : null;
  }
  if (!quiz || quiz.getAttribute("data-ready")) return;
  quiz.setAttribute("data-ready", "1");
  var note = quiz.querySelector(".kt-sc-nojs");
  if (note) note.hidden = true;

  function parseNumber(text) {
    var t = text.trim().replace(/\s+/g, "").replace(",", ".");
    var parts = t.split("/");
    if (parts.length === 2 && parts[0] && parts[1]) return Number(parts[0]) / Number(parts[1]);
    return t === "" ? NaN : Number(t);
  }

  function verdict(q) {
    if (q.getAttribute("data-kind") === "number") {
      var raw = q.querySelector("input").value;
      if (!raw.trim()) return { empty: "Type a number first." };
      var value = parseNumber(raw);
      if (!isFinite(value)) return { empty: "That is not a number: type digits, like 12.5 or 1/3." };
      var answer = Number(q.getAttribute("data-answer"));
      var tolerance = Number(q.getAttribute("data-tolerance"));
      return { right: Math.abs(value - answer) <= tolerance + 1e-9 * Math.max(1, Math.abs(answer)) };
    }
    var picked = q.querySelector("input:checked");
    if (!picked) return { empty: "Pick an answer first." };
    return { right: picked.value === q.getAttribute("data-answer") };
  }

  Array.prototype.forEach.call(quiz.querySelectorAll(".kt-sc-q"), function (q) {
    var feedback = q.querySelector(".kt-sc-feedback");
    function check() {
      var v = verdict(q);
      q.classList.remove("kt-sc-right", "kt-sc-wrong");
      if (v.empty) {
        feedback.textContent = v.empty;
        return;
      }
      q.classList.add(v.right ? "kt-sc-right" : "kt-sc-wrong");
      feedback.textContent = v.right
        ? "Right."
        : "Not quite. Try again, or show the answer below.";
      if (v.right) q.querySelector("details").open = true;
    }
    q.querySelector(".kt-sc-check").addEventListener("click", check);
    Array.prototype.forEach.call(q.querySelectorAll("input"), function (input) {
      input.addEventListener(input.type === "radio" ? "change" : "keydown", function (event) {
        if (input.type === "radio" || event.key === "Enter") check();
      });
    });
  });
})();
