// sudokubook web edition: calcudoku and kakuro, on a page that plays one
// (web/kinds.go); a page of other kinds does not carry this script.
//
// play.js hands sbKind each grid shape it has read (o, from the shape g)
// with its words (tr) and its drawing (svgOver, add). A calcudoku keeps
// the Latin square's rows and columns as its houses and gets its cages:
// heavy lines where the cage changes (build draws them where reg changes,
// as a jigsaw's), each clue in its cage's first cell. A kakuro has no
// house: its clue cells are out of play, drawn black and split by a
// diagonal with the across clue top-right and the down clue bottom-left,
// and the cells of a run are peers. Neither kind's puzzle needs the
// page's search: it carries its solution.
window.sbKind = function (o, g, tr, svgOver, add) {
  var n = o.n, lab = [], at = [], put = [];
  var num = function (ch) { return ch.charCodeAt(0) - 40; };
  // clue writes text at x, y (in cells from the grid's corner) in class
  // cls, when the grid is drawn.
  var clue = function (x, y, text, cls) { put.push([x, y, text, cls]); };
  if (g.kc) {
    var clues = g.kt.split(','), size = [];
    o.reg = [].map.call(g.kc, function (ch, i) {
      var k = num(ch);
      size[k] = (size[k] || 0) + 1;
      if (at[k] == null) at[k] = i;
      return k;
    });
    at.forEach(function (i, k) {
      lab[i] = tr('calccage', { k: size[k], s: clues[k] });
      clue(i % n + 0.07, Math.floor(i / n) + 0.27, clues[k], '');
    });
  }
  if (g.kk) {
    var white = function (p) { return g.kk[p] === '.'; }, sums = [].map.call(g.ks, num), peers = [], r = 0;
    o.houses = []; o.off = []; o.reg = [];
    for (var p = 0; p < o.N; p++) {
      o.off.push(!white(p)); o.reg.push(white(p) ? 0 : -1 - p); peers.push({});
    }
    // The runs in the engine's order, each the clue of sums: across by
    // their first cells in reading order, then down. A clue cell opens
    // each (the top row and the left column are all clue cells).
    [1, n].forEach(function (step) {
      for (var p = 0; p < o.N; p++) {
        if (!white(p) || white(p - step)) continue;
        for (var cs = [], q = p; q < o.N && white(q); q += step) cs.push(q);
        cs.forEach(function (a) { cs.forEach(function (b) { if (a !== b) peers[a][b] = 1; }); });
        var s = sums[r++], c = p - step, x = c % n, y = Math.floor(c / n), down = step > 1;
        at.push(c);
        var w = { k: cs.length, s: s };
        lab[p] = (lab[p] ? lab[p] + ', ' : '') + (down ? tr('down', w) : tr('across', w));
        clue(down ? x + 0.1 : x + 0.92, down ? y + 0.88 : y + 0.38, s, down ? '' : 'a');
      }
    });
    o.peers = peers.map(function (m) { return Object.keys(m).map(Number); });
  }
  if (!put.length) return o;
  // kd draws the kind's clues on the grid in box, after play.js has laid
  // out its cells.
  o.kd = function (box) {
    var s = svgOver(box, n, g.kk ? 'kk' : ''), d = '', cells = box.querySelectorAll('.cell');
    if (g.kc) box.classList.add('killer');
    else {
      box.style.setProperty('--pm', 3);
      o.off.forEach(function (off, p) { if (off) cells[p].classList.add('kk'); });
      at.forEach(function (c) { d += 'M' + c % n + ' ' + Math.floor(c / n) + 'l1 1'; });
      add(s, 'path', { d: d });
    }
    put.forEach(function (t) { add(s, 'text', { x: t[0], y: t[1], 'class': t[3] }).textContent = t[2]; });
    // A cage's or a run's clue is read out with its first cell (the
    // cell's own label is its digit or pencil marks), on the grid in play.
    lab.forEach(function (l, i) {
      if (!cells[i].id) return;
      var e = box.appendChild(document.createElement('span'));
      e.id = 'kd' + i; e.hidden = true; e.textContent = l;
      cells[i].setAttribute('aria-describedby', e.id);
    });
  };
  return o;
};
