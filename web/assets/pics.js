// sudokubook web edition, on a book whose small grids print shapes
// (style.shapes, style.pictures): a hint's words show each digit they name
// as its shape, inline at the words' size, as a pencil mark draws it. The
// page's words mark their digit slots (see picWords in web.go); on a grid
// that prints shapes each digit in a slot becomes the filled shape, on one
// that prints digits the marks go and the digits stay.
(function () {
  'use strict';
  var pics = JSON.parse(document.getElementById('sb-data').textContent).pics, box = document.getElementById('sb-hint'), slot = /\uE000([^\uE000]*)\uE000/g;
  new MutationObserver(function () {
    var shapes = document.querySelector('#sb-grid .pic');
    [].forEach.call(box.querySelectorAll('li'), function (li) {
      if (li.textContent.indexOf('\uE000') < 0) return;
      if (li.dataset.note) li.dataset.note = li.dataset.note.replace(slot, '$1');
      li.innerHTML = li.innerHTML.replace(slot, function (_, s) {
        return shapes ? s.replace(/[1-6]/g, function (d) { return pics[d - 1][0]; }) : s;
      });
    });
  }).observe(box, { childList: true, subtree: true });
}());
