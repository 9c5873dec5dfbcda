// A play's replay: the arrow keys step through the log (Home and End jump to its ends), and
// the slider goes to the event it is let go on. The links and the slider's form do the work
// (htmx swaps the stage and puts the seq in the address); this only presses them.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, textarea, select")) return;
  const step = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[event.key];
  const link = step && document.querySelector(`[data-step="${step}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
document.addEventListener("input", (event) => {
  if (event.target.matches(".slider input[type=range]")) {
    event.target.form.querySelector("output").textContent = `${event.target.value} / ${event.target.max}`;
  }
});
document.addEventListener("change", (event) => {
  if (event.target.matches(".slider input[type=range]")) event.target.form.requestSubmit();
});
