// sudokubook generator page: makes puzzles in the browser with the Go
// engine compiled to WebAssembly (web/wasm), and plays them with play.js.
//
// The engine comes gzipped in base64 (sb-engine) with the Go
// distribution's wasm_exec.js (sb-exec). It is compiled once, here, and
// run in workers made from a blob (a page opened from disk may not load a
// worker from a file): one makes puzzles, and is ended and started afresh
// on Cancel; the other opens shared links and finds hints, so a hint
// never waits for a puzzle in the making.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('sb-data').textContent), T = D.t;
  var $ = function (id) { return document.getElementById(id); };
  var made = null, module, maker, helper, calls = {}, nextId = 1;
  function tr(key, o) { return T[key].replace(/\{(\w+)\}/g, function (_, k) { return o[k]; }); }
  function status(msg) { $('sb-progress').textContent = msg; }

  var glue = '\n;var go, ready;onmessage = function (e) {' +
    'if (e.data.module) { go = new Go(); WebAssembly.instantiate(e.data.module, go.importObject).then(function (i) { go.run(i); }); return; }' +
    'var r = sbEngine[e.data.fn].apply(null, e.data.args); postMessage({ id: e.data.id, result: JSON.parse(r) }); };';
  var src = URL.createObjectURL(new Blob([JSON.parse($('sb-exec').textContent) + glue], { type: 'text/javascript' }));

  // worker starts one on the compiled engine; it answers calls by id and
  // tells onProgress how many tries a puzzle in the making has taken.
  function worker(onProgress) {
    var w = new Worker(src), wait = [];
    w.ready = new Promise(function (ok) { wait.push(ok); });
    w.onmessage = function (e) {
      var m = e.data;
      if (m.ready) wait[0]();
      else if (m.progress) { if (onProgress) onProgress(m.progress); }
      else if (calls[m.id]) { calls[m.id](m.result); delete calls[m.id]; }
    };
    w.postMessage({ module: module });
    return w;
  }
  function call(w, fn, args) {
    return w.ready.then(function () {
      return new Promise(function (ok, fail) {
        var id = nextId++;
        calls[id] = function (r) { if (r.error) fail(new Error(r.error)); else ok(r); };
        w.postMessage({ id: id, fn: fn, args: args });
      });
    });
  }

  var kind = $('sb-kind'), level = $('sb-level');
  D.kinds.forEach(function (k, i) {
    var o = document.createElement('option');
    o.value = i; o.textContent = k.t; o.dataset.kind = k.k + ':' + k.n;
    if (k.k === 'classic' && k.n === 9) o.selected = true;
    kind.appendChild(o);
  });
  function levels() {
    var top = D.kinds[+kind.value].top, was = +level.value || 1;
    level.textContent = '';
    D.levels.forEach(function (name, l) {
      if (l > top) return;
      var o = document.createElement('option');
      o.value = l; o.textContent = name; o.selected = l === Math.min(was, top);
      level.appendChild(o);
    });
  }
  kind.addEventListener('change', levels);
  levels();

  // show plays a puzzle the engine made or opened, and puts it in the
  // address, so the address is a link to it.
  function show(r) {
    // play.js sets window.sudokubook once its own data is unpacked.
    if (!window.sudokubook) return new Promise(function (ok) { setTimeout(ok, 50); }).then(function () { return show(r); });
    made = r;
    var name = D.levels[r.level], n = r.shape.geom.fr ? 9 : r.shape.geom.n;
    var k = D.kinds.filter(function (k) { return k.k === r.kind && k.n === n; })[0], title = k ? k.t : r.kind;
    window.sudokubook.add({ n: 0, g: r.shape.g, sol: r.shape.sol, kind: r.kind, line: r.line, r: r.rating }, r.shape.geom,
      { title: title, level: name });
    var link = location.href.split(/[?#]/)[0] + '?puzzle=' + encodeURIComponent(r.kind + ':' + r.line);
    $('sb-link').value = link;
    try { history.replaceState(null, '', link); } catch (e) { /* some browsers refuse on file: */ }
    // A calcudoku or a kakuro has no givens: it is told by its cages or
    // its runs.
    var g = r.shape.geom;
    status(g.kt ? tr('madecages', { k: title, l: name, c: g.kt.split(',').length }) :
      g.kk ? tr('maderuns', { k: title, l: name, c: g.ks.length }) : tr('made', { k: title, l: name, c: r.clues }));
  }

  $('sb-gen').addEventListener('submit', function (e) {
    e.preventDefault();
    var k = D.kinds[+kind.value], seed = Math.floor(Math.random() * 4294967296);
    $('sb-make').disabled = true; $('sb-cancel').hidden = false;
    status(T.loading);
    call(maker, 'generate', [k.k, k.n, +level.value, seed]).then(show, function (err) { status(err.message); })
      .then(function () { $('sb-make').disabled = false; $('sb-cancel').hidden = true; });
  });
  $('sb-cancel').addEventListener('click', function () {
    maker.terminate();
    Object.keys(calls).forEach(function (id) { delete calls[id]; });
    maker = worker(function (n) { status(tr('making', { n: n })); });
    $('sb-make').disabled = false; $('sb-cancel').hidden = true;
    status(T.cancelled);
  });
  $('sb-share').addEventListener('click', function () {
    var l = $('sb-link');
    l.select();
    if (navigator.clipboard) navigator.clipboard.writeText(l.value).then(function () { status(T.copied); }, function () {});
  });

  // Saved puzzles: kind and line, by a name, in local storage.
  function savedList() {
    try { return JSON.parse(localStorage.getItem('sudokubook:saved')) || []; } catch (e) { return []; }
  }
  function listSaved() {
    var s = $('sb-saved');
    while (s.children.length > 1) s.removeChild(s.lastChild);
    savedList().forEach(function (x, i) {
      var o = document.createElement('option');
      o.value = i; o.textContent = x.name;
      s.appendChild(o);
    });
  }
  $('sb-save').addEventListener('click', function () {
    if (!made) return;
    var list = savedList();
    // The reader's name for it, else its kind, level and the time.
    var name = $('sb-savename').value.trim() || $('sb-name').textContent + ' · ' + D.levels[made.level] + ' · ' + new Date().toLocaleString();
    list.push({ name: name, kind: made.kind, line: made.line });
    $('sb-savename').value = '';
    try { localStorage.setItem('sudokubook:saved', JSON.stringify(list)); } catch (e) { /* full */ }
    listSaved();
  });
  $('sb-saved').addEventListener('change', function () {
    var x = savedList()[+this.value];
    if (x) call(helper, 'open', [x.kind, x.line]).then(show, function (err) { status(err.message); });
  });
  listSaved();

  // The grader's hints, from the reader's grid.
  window.sbEngineHint = function (P, v) {
    var S = '123456789ABCDEFG', cells = v.map(function (d) { return d ? S[d - 1] : '.'; }).join('');
    return call(helper, 'hint', [P.kind, P.line, cells, D.lang, T.rc]);
  };

  // png draws the puzzle in play, its givens or its solution, as an image
  // and downloads it.
  function png(solution) {
    var now = window.sudokubook.now(), G = now.G, P = now.P;
    if (!P) return;
    var s = 44, pad = 12, c = document.createElement('canvas'), x = c.getContext('2d'), n = G.n;
    c.width = c.height = n * s + 2 * pad;
    x.fillStyle = '#fff'; x.fillRect(0, 0, c.width, c.height);
    x.translate(pad, pad);
    for (var i = 0; i < G.N; i++) {
      var r = Math.floor(i / n), q = i % n;
      if (G.off[i] && G.mk.kk) { x.fillStyle = '#1a1a1a'; x.fillRect(q * s, r * s, s, s); }
      if (G.off[i]) continue;
      if (G.shade.indexOf(i) >= 0) { x.fillStyle = '#d9d9d9'; x.fillRect(q * s, r * s, s, s); }
      x.strokeStyle = '#777'; x.lineWidth = 1; x.strokeRect(q * s, r * s, s, s);
    }
    x.strokeStyle = '#1a1a1a'; x.lineWidth = 3; x.beginPath();
    for (i = 0; i < G.N; i++) {
      if (G.off[i]) continue;
      r = Math.floor(i / n); q = i % n;
      if (q === n - 1 || G.off[i + 1] || G.reg[i] !== G.reg[i + 1]) { x.moveTo((q + 1) * s, r * s); x.lineTo((q + 1) * s, (r + 1) * s); }
      if (r === n - 1 || G.off[i + n] || G.reg[i] !== G.reg[i + n]) { x.moveTo(q * s, (r + 1) * s); x.lineTo((q + 1) * s, (r + 1) * s); }
      if (q === 0 || G.off[i - 1]) { x.moveTo(q * s, r * s); x.lineTo(q * s, (r + 1) * s); }
      if (r === 0 || G.off[i - n]) { x.moveTo(q * s, r * s); x.lineTo((q + 1) * s, r * s); }
    }
    x.stroke();
    x.lineWidth = 1.2; x.setLineDash([4, 3]);
    G.cages.forEach(function (k) {
      var inK = function (r, q) { return r >= 0 && q >= 0 && r < n && q < n && k.cells.indexOf(r * n + q) >= 0; };
      x.beginPath();
      k.cells.forEach(function (i) {
        var r = Math.floor(i / n), q = i % n, a = 0.1 * s, b = 0.9 * s;
        if (!inK(r - 1, q)) { x.moveTo(q * s + a, r * s + a); x.lineTo(q * s + b, r * s + a); }
        if (!inK(r + 1, q)) { x.moveTo(q * s + a, r * s + b); x.lineTo(q * s + b, r * s + b); }
        if (!inK(r, q - 1)) { x.moveTo(q * s + a, r * s + a); x.lineTo(q * s + a, r * s + b); }
        if (!inK(r, q + 1)) { x.moveTo(q * s + b, r * s + a); x.lineTo(q * s + b, r * s + b); }
      });
      x.stroke();
      var f = Math.min.apply(null, k.cells);
      x.fillStyle = '#1a1a1a'; x.font = '10px sans-serif'; x.textAlign = 'left'; x.textBaseline = 'top';
      x.fillText(k.sum, f % n * s + 6, Math.floor(f / n) * s + 5);
    });
    x.setLineDash([]);
    // A calcudoku's cage clues and a kakuro's diagonals and run clues,
    // as the kind script drew them on the grid, in cells.
    var over = (G.mk.kc || G.mk.kk) && document.querySelector('#sb-grid svg.cages'), ink = G.mk.kk ? '#fff' : '#1a1a1a';
    if (over) {
      over.querySelectorAll('path').forEach(function (p) {
        x.save(); x.scale(s, s); x.strokeStyle = ink; x.lineWidth = 0.03; x.stroke(new Path2D(p.getAttribute('d'))); x.restore();
      });
      over.querySelectorAll('text').forEach(function (e) {
        x.fillStyle = ink; x.font = (G.mk.kk ? 13 : 12) + 'px sans-serif'; x.textBaseline = 'alphabetic';
        x.textAlign = e.classList.contains('a') ? 'right' : 'left';
        x.fillText(e.textContent, +e.getAttribute('x') * s, +e.getAttribute('y') * s);
      });
    }
    x.textAlign = 'center'; x.textBaseline = 'middle';
    for (i = 0; i < G.N; i++) {
      var d = P.giv[i] ? P.sol[i] : solution ? P.sol[i] : 0;
      if (!d) continue;
      x.fillStyle = P.giv[i] ? '#1a1a1a' : '#1f4fa3';
      x.font = (P.giv[i] ? '600 ' : '') + (d > 9 ? 18 : 24) + 'px sans-serif';
      x.fillText('' + d, i % n * s + s / 2, Math.floor(i / n) * s + s / 2 + (G.cages.length || G.mk.kc ? 4 : 1));
    }
    c.toBlob(function (b) {
      var a = document.createElement('a');
      a.href = URL.createObjectURL(b);
      a.download = (P.kind || 'sudoku') + (solution ? '-solution' : '-puzzle') + '.png';
      document.body.appendChild(a); a.click(); a.remove();
    }, 'image/png');
  }
  $('sb-png').addEventListener('click', function () { png(false); });
  $('sb-pngsol').addEventListener('click', function () { png(true); });

  // Start: inflate and compile the engine, start the workers, and open
  // the puzzle a link carries (?puzzle=KIND:LINE).
  status(T.loading);
  var z = atob(JSON.parse($('sb-engine').textContent)), bytes = new Uint8Array(z.length);
  for (var i = 0; i < z.length; i++) bytes[i] = z.charCodeAt(i);
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer()
    .then(function (b) { return WebAssembly.compile(b); })
    .then(function (m) {
      module = m;
      maker = worker(function (n) { status(tr('making', { n: n })); });
      helper = worker();
      var q = /[?&]puzzle=([^&#]*)/.exec(location.search), p = q && decodeURIComponent(q[1]), at = p ? p.indexOf(':') : -1;
      if (at > 0) return call(helper, 'open', [p.slice(0, at), p.slice(at + 1)]).then(show);
      return helper.ready.then(function () { status(''); });
    })
    .then(function () { window.sbReady = true; }, function (err) { status(err.message); window.sbReady = true; });
}());
