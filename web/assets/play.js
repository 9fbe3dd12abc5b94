// sudokubook web edition: plays every puzzle of one book, offline.
//
// The page carries its data in the sb-data script element: the book's words
// (t), its sections, and the grid shapes (g) and puzzles (p) deflated in z
// (see unpack). A puzzle's cells are one string, a character a cell: a
// given is its digit ("1"-"9", then "A"-"G" past 9), an open cell "."; the
// page finds the solution itself (see solution).
// Hints come from a small solver below that works on the reader's own grid
// with the grader's cheap rungs (singles, locked candidates, subsets); past
// them it falls back on the grader's own harder steps, stored with each
// puzzle (h) in the order the grader took them.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('sb-data').textContent);
  var T = D.t, SYM = '123456789ABCDEFG';
  var $ = function (id) { return document.getElementById(id); };
  var grid = $('sb-grid'), status = $('sb-status'), hintBox = $('sb-hint');
  var clash = false, P, G, st, sel = 0, two = -1, pencil = false, undo = [], redo = [], marks = {}, geoms = [];

  // A hint's words come as a phrase: a String of the notation explain
  // writes (r3c5), with the words a reader reads (w: row 3, column 5) and
  // the cells it names (c), built side by side so nothing reads them back
  // out of the text. Words that name no cell stay a plain string.
  function phrase(n, w, c) {
    if (n === w && !(c && c.length)) return n;
    var p = new String(n);
    p.w = w; p.c = c || [];
    return p;
  }
  function wordsOf(x) { return x && x.w != null ? x.w : x; }
  function cellsOf(x) { return x && x.c || []; }
  function tr(key, o) {
    var c = [], f = function (w) {
      return T[key].replace(/\{(\w+)\}/g, function (_, k) { if (!w) c = c.concat(cellsOf(o[k])); return w ? wordsOf(o[k]) : o[k]; });
    };
    return phrase(f(0), f(1), c);
  }
  function join(a, sep) { return phrase(a.join(sep), a.map(wordsOf).join(sep), [].concat.apply([], a.map(cellsOf))); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function bit(d) { return 1 << d; }
  function digits(m) {
    var out = [];
    for (var d = 1; d <= 16; d++) if (m & bit(d)) out.push(d);
    return out;
  }
  function count(m) { for (var n = 0; m; n++) m &= m - 1; return n; }
  function andList(a) {
    return a.length < 2 ? join(a, '') : join([join(a.slice(0, -1), ', '), a[a.length - 1]], T.and);
  }
  // A book with style.letters prints A to P on grids past 9x9 (n digits);
  // any other prints numbers, 10 to 16 in two digits.
  function sym(d, n) { return lettered(n) ? String.fromCharCode(64 + d) : '' + d; }
  function lettered(n) { return D.letters && (n || G.d) > 9; }
  // put sets symbol d in e as grid g shows it: its digit or letter, or on
  // a book's 4x4 and 6x6 grids with style.shapes the shape it prints
  // (D.pics, our own SVG), filled for a given (fill), else in outline. It
  // returns the symbol's text, which the cell's label reads.
  function put(e, d, g, fill) {
    var s = sym(d, g.d);
    if (g.mk.pic) e.innerHTML = D.pics[d - 1][fill ? 0 : 1]; else e.textContent = s;
    return s;
  }

  // Geometry: the houses of a grid shape, in the order the grader scans
  // them (regions, rows, columns, then any extra houses), each with its
  // name, and every cell's peers. Regions come from a map (jigsaw: a
  // character a cell, its region's number in SYM) or from the box shape;
  // extra houses (diagonals, windows) come as [word, number, cells...].
  var SETS = {};
  function geometry(g) {
    var n = g.n, N = n * n, rows = [], cols = [], regs = [], reg = [], i, r, c;
    for (r = 0; r < n; r++) {
      rows.push({ name: tr('row', { n: r + 1 }), cells: [] });
      cols.push({ name: tr('col', { n: r + 1 }), cells: [] });
      regs.push({ name: tr(g.reg ? 'region' : 'box', { n: r + 1 }), cells: [], region: true });
    }
    for (i = 0; i < N; i++) {
      r = Math.floor(i / n); c = i % n;
      // A Latin square (futoshiki) comes with no box shape: its regions
      // stay empty (the houses keep their numbers), all its cells of one
      // past them, so no heavy line parts two.
      var k = g.reg ? SYM.indexOf(g.reg[i]) : g.bw ? Math.floor(r / g.bh) * (n / g.bw) + Math.floor(c / g.bw) : n;
      reg.push(k);
      rows[r].cells.push(i); cols[c].cells.push(i);
      if (regs[k]) regs[k].cells.push(i);
    }
    var named = function (h) {
      return { name: tr(h[0], { n: h[1] }), cells: h.slice(2), region: h[0] === 'box' || h[0] === 'region' };
    };
    var houses = regs.concat(rows, cols, (g.x || []).map(named)), peers = [], off = [], seen = {};
    // A figure of several 9x9 grids (samurai) comes as the top-left places
    // of its grids (fr). Its houses are each grid's boxes, rows and columns,
    // each once, in the grader's order (boxes, rows, columns; grid by grid)
    // and under the grader's names ("row 7 (c1-9)": a row of the box may
    // cross three grids). Places in no grid are out of play.
    if (g.fr) {
      houses = [];
      reg = reg.map(function () { return -1; });
      ['box', 'row', 'col'].forEach(function (w) {
        g.fr.forEach(function (f) {
          for (var j = 0; j < 9; j++) {
            var cs = [];
            for (var m = 0; m < 9; m++) {
              r = w === 'row' ? j : w === 'col' ? m : j - j % 3 + Math.floor(m / 3);
              c = w === 'row' ? m : w === 'col' ? j : j % 3 * 3 + m % 3;
              var p = f + r * n + c;
              cs.push(p);
              // Neighbouring boxes differ in the parity of their block row or column.
              reg[p] = Math.floor(p / n / 3) % 2 * 2 + Math.floor(p % n / 3) % 2;
            }
            if (seen[cs]) continue;
            seen[cs] = 1;
            var a = cs[0], z = cs[8], ar = Math.floor(a / n) + 1, ac = a % n + 1, zr = Math.floor(z / n) + 1, zc = z % n + 1;
            houses.push({ cells: cs, region: w === 'box', name: tr(w, { n: w === 'row' ? ar + ' (c' + ac + '-' + zc + ')' :
              w === 'col' ? ac + ' (r' + ar + '-' + zr + ')' : 'r' + ar + '-' + zr + ' c' + ac + '-' + zc }) });
          }
        });
      });
      reg = reg.map(function (k, j) { return k < 0 ? -1 - j : k; });
    }
    for (i = 0; i < N; i++) off.push(reg[i] < 0);
    for (i = 0; i < N; i++) peers.push({});
    houses.forEach(function (h) {
      h.cells.forEach(function (a) { h.cells.forEach(function (b) { if (a !== b) peers[a][b] = 1; }); });
    });
    // Killer cages come as a map, a character a cell naming its cage (40
    // for the first, a space for none), and their sums (40 for 0). They
    // are drawn and read out. Their cells must differ, so they are peers,
    // as the engine has them. Each keeps the digit sets its sum allows, in
    // the engine's order (by mask), for the cage rung; the rule of 45 is
    // left to the grader's stored steps.
    var cages = [].map.call(g.cs || '', function (ch) { return { sum: ch.charCodeAt(0) - 40, cells: [], sets: [] }; });
    [].forEach.call(g.cg || '', function (ch, i) { if (ch > ' ') cages[ch.charCodeAt(0) - 40].cells.push(i); });
    var cageOf = [], sums = [], D9 = g.d || n, whole = {};
    // A cage's sets come from a table of every set by size and sum, made
    // once a page: making them cage by cage, each from every set, took a
    // killer book 137 ms of CPU at start, against 34.
    var setsOf = function (k) {
      var t = SETS[D9];
      if (!t) for (var m = 2, t = SETS[D9] = {}; m < bit(D9 + 1); m += 2) {
        var ds = digits(m), s = ds.length + ' ' + ds.reduce(function (a, b) { return a + b; }, 0);
        (t[s] = t[s] || []).push(m);
      }
      k.sets = t[k.cells.length + ' ' + k.sum] || [];
      return k;
    };
    cages.forEach(function (k, j) {
      setsOf(k);
      k.cells.forEach(function (a) { cageOf[a] = j; k.cells.forEach(function (b) { if (a !== b) peers[a][b] = 1; }); });
    });
    // Cells a constraint keeps apart beyond the houses (a thermometer's,
    // a knight's move), a pair two places; a parity mark keeps its cell's
    // digits of its parity (dom).
    for (i = 0; g.pe && i < g.pe.length; i += 2) peers[r = CH.indexOf(g.pe[i])][c = CH.indexOf(g.pe[i + 1])] = peers[c][r] = 1;
    var dom = [];
    for (i = 0; i < N; i++) for (dom[i] = c = 0; c++ < D9;) if (!(g.pa && +g.pa[i]) || c % 2 === g.pa[i] - 1) dom[i] |= bit(c);
    // The rule of 45, as the engine derives it: for every house of n cells,
    // the cells its inner cages leave (innies, in the house) and, when they
    // see each other, the cells its touching cages put outside it (outies),
    // each a cage of its own with the rest of the house's total. Those of
    // up to 5 cells are kept: the search takes them all (more cells allow
    // too many sets to cut much), the hints those of up to 3 (see sums).
    if (cages.length) houses.forEach(function (h, u) {
      var inn = [], out = [], inSum = 0, touch = 0, seen = {}, all = D9 * (D9 + 1) / 2;
      if (h.cells.length !== n || h.cells.some(function (x) { return cageOf[x] == null; })) return;
      h.cells.forEach(function (x) {
        var j = cageOf[x], k = cages[j];
        if (seen[j]) return;
        seen[j] = 1; touch += k.sum; whole[j] = 1;
        k.cells.forEach(function (y) { if (h.cells.indexOf(y) < 0) { whole[j] = 0; out.push(y); } });
        if (whole[j]) inSum += k.sum;
      });
      h.cells.forEach(function (x) { if (!whole[cageOf[x]]) inn.push(x); });
      [[inn, all - inSum, inSum], [out, touch - all, touch, 1]].forEach(function (a) {
        var k = setsOf({ cells: a[0], sum: a[1], sets: [], h: h, k: a[2], out: a[3] });
        if (a[0].length && a[0].length < n && a[0].length < 6 && k.sets.length &&
          a[0].every(function (x) { return a[0].every(function (y) { return x === y || peers[x][y]; }); })) sums.push(k);
      });
    });
    // A calcudoku's cages and a kakuro's clue cells are the kind script's
    // (kinds.js, sbKind), on a page that has one of them; elsewhere
    // Object hands the shape back as it is.
    return (window.sbKind || Object)({ n: n, N: N, d: D9, reg: reg, houses: houses, shade: g.sh || [], cages: cages, off: off, figure: !!g.fr, fr: g.fr, mk: g,
      sums: sums, cageOf: cageOf, dom: dom, peers: peers.map(function (p) { return Object.keys(p).map(Number); }) }, g, tr, svgOver, add);
  }

  function cellName(i) {
    var r = Math.floor(i / G.n) + 1, q = i % G.n + 1;
    return phrase('r' + r + 'c' + q, '' + tr('rc', { r: r, c: q }), [i]);
  }

  // ---- the hint solver ----

  function candidates(v) {
    var full = 0, c = [];
    for (var d = 1; d <= G.d; d++) full |= bit(d);
    for (var i = 0; i < G.N; i++) {
      var m = 0;
      if (!v[i] && !G.off[i]) {
        m = full & G.dom[i];
        G.peers[i].forEach(function (p) { if (v[p]) m &= ~bit(v[p]); });
      }
      c.push(m);
    }
    return c;
  }

  function place(tech, note, cell, d, area) {
    return { tech: tech, note: note, place: [[cell, d]], elim: [], area: area || [] };
  }

  function fullHouse(v, c) {
    for (var k = 0; k < G.houses.length; k++) {
      var h = G.houses[k], open = h.cells.filter(function (i) { return !v[i]; });
      if (open.length !== 1) continue;
      var have = 0;
      h.cells.forEach(function (i) { if (v[i]) have |= bit(v[i]); });
      var m = c[open[0]] & ~have;
      if (!m) continue;
      var d = digits(m)[0];
      return place('full', tr('full', { c: cellName(open[0]), h: h.name, d: d }), open[0], d, h.cells);
    }
  }

  function nakedSingle(v, c) {
    for (var i = 0; i < G.N; i++) {
      if (!v[i] && c[i] && count(c[i]) === 1) {
        var d = digits(c[i])[0];
        return place('naked', tr('naked', { c: cellName(i), d: d }), i, d);
      }
    }
  }

  // places lists, for each digit, the cells of house h that may take it.
  function places(h, c) {
    var p = [];
    for (var d = 1; d <= G.d; d++) p[d] = h.cells.filter(function (i) { return c[i] & bit(d); });
    return p;
  }

  function hiddenSingle(v, c) {
    for (var k = 0; k < G.houses.length; k++) {
      var h = G.houses[k], p = places(h, c);
      for (var d = 1; d <= G.d; d++) {
        if (p[d].length === 1) {
          return place('hidden', tr('hidden', { h: h.name, d: d, c: cellName(p[d][0]) }), p[d][0], d, h.cells);
        }
      }
    }
  }

  // locked: if digit d's places in house a all lie in house b too, the rest
  // of b loses d. Pointing when a is a region, claiming when b is.
  function locked(tech, aRegion) {
    return function (v, c) {
      var hs = G.houses;
      for (var x = 0; x < hs.length; x++) {
        var a = hs[x];
        if (!!a.region !== aRegion) continue;
        for (var y = 0; y < hs.length; y++) {
          var b = hs[y];
          if (b === a || (aRegion ? b.region : !b.region)) continue;
          var pa = places(a, c);
          for (var d = 1; d <= G.d; d++) {
            if (pa[d].length < 2 || !pa[d].every(function (i) { return b.cells.indexOf(i) >= 0; })) continue;
            var out = b.cells.filter(function (i) { return (c[i] & bit(d)) && a.cells.indexOf(i) < 0; });
            if (!out.length) continue;
            return { tech: tech, place: [], elim: out.map(function (i) { return [i, d]; }), area: a.cells, pat: pa[d],
              note: tr(tech, { h: a.name, h2: b.name, d: d, cs: join(out.map(cellName), ', ') }) };
          }
        }
      }
    };
  }

  // choose calls f with every choice of k items of list, stopping at the
  // first call that returns something.
  function choose(list, k, f, from, got) {
    from = from || 0; got = got || [];
    if (got.length === k) return f(got);
    for (var j = from; j < list.length; j++) {
      var r = choose(list, k, f, j + 1, got.concat([list[j]]));
      if (r) return r;
    }
  }

  function elimText(elim) {
    var parts = [];
    for (var d = 1; d <= G.d; d++) {
      var cs = elim.filter(function (e) { return e[1] === d; }).map(function (e) { return cellName(e[0]); });
      if (cs.length) parts.push(tr('leaves', { d: d, cs: join(cs, ', ') }));
    }
    return join(parts, T.semi);
  }

  // subset finds k cells of a house holding only k digits (naked), or k
  // digits with only k places (hidden).
  function subset(tech, k, hidden) {
    return function (v, c) {
      for (var x = 0; x < G.houses.length; x++) {
        var h = G.houses[x], p = places(h, c), open = h.cells.filter(function (i) { return !v[i]; });
        if (open.length <= k) continue;
        var s = hidden ? choose(digitsWith(p, k), k, function (ds) {
          var cells = union(ds.map(function (d) { return p[d]; }));
          if (cells.length !== k) return;
          var dm = 0, elim = [];
          ds.forEach(function (d) { dm |= bit(d); });
          cells.forEach(function (i) { digits(c[i] & ~dm).forEach(function (d) { elim.push([i, d]); }); });
          if (elim.length) return { ds: ds, cells: cells, elim: elim };
        }) : choose(open.filter(function (i) { return count(c[i]) <= k; }), k, function (cells) {
          var m = 0, elim = [];
          cells.forEach(function (i) { m |= c[i]; });
          if (count(m) !== k) return;
          open.forEach(function (i) {
            if (cells.indexOf(i) < 0) digits(c[i] & m).forEach(function (d) { elim.push([i, d]); });
          });
          if (elim.length) return { ds: digits(m), cells: cells, elim: elim };
        });
        if (s) {
          return { tech: tech, place: [], elim: s.elim, area: h.cells, pat: s.cells, note: tr(hidden ? 'hsub' : 'nsub',
            { t: T[tech], h: h.name, cs: andList(s.cells.map(cellName)), ds: andList(s.ds), el: elimText(s.elim) }) };
        }
      }
    };
  }
  function digitsWith(p, k) {
    var out = [];
    for (var d = 1; d <= G.d; d++) if (p[d].length >= 2 && p[d].length <= k) out.push(d);
    return out;
  }
  function union(lists) {
    var seen = {};
    lists.forEach(function (l) { l.forEach(function (i) { seen[i] = 1; }); });
    return Object.keys(seen).map(Number).sort(function (a, b) { return a - b; });
  }

  // fish finds k rows (or columns) in which digit d's places all lie in the
  // same k columns (rows): those columns lose d everywhere else.
  function fish(tech, k) {
    return function (v, c) {
      // Fish need whole rows and columns: a figure's are its grids' own.
      if (G.figure) return;
      var lines = [G.houses.slice(G.n, 2 * G.n), G.houses.slice(2 * G.n, 3 * G.n)];
      for (var d = 1; d <= G.d; d++) {
        for (var side = 0; side < 2; side++) {
          var base = lines[side], cover = lines[1 - side], pos = [];
          base.forEach(function (h, j) {
            var at = [];
            h.cells.forEach(function (i, x) { if (c[i] & bit(d)) at.push(x); });
            if (at.length >= 2 && at.length <= k) pos.push({ j: j, at: at });
          });
          var s = choose(pos, k, function (sel) {
            var xs = union(sel.map(function (p) { return p.at; })), rows = sel.map(function (p) { return p.j; }), elim = [];
            if (xs.length !== k) return;
            xs.forEach(function (x) {
              cover[x].cells.forEach(function (i, y) {
                if (rows.indexOf(y) < 0 && (c[i] & bit(d))) elim.push([i, d]);
              });
            });
            if (elim.length) return { rows: rows, xs: xs, elim: elim, pat: [].concat.apply([], sel.map(function (p) {
              return p.at.map(function (x) { return base[p.j].cells[x]; });
            })) };
          });
          if (s) {
            var name = function (w, js) { return tr(w, { ns: andList(js.map(function (j) { return j + 1; })) }); };
            return { tech: tech, place: [], elim: s.elim, pat: s.pat, note: tr('fish', { t: T[tech], d: d,
              base: name(side ? 'cols' : 'rows', s.rows), cover: name(side ? 'rows' : 'cols', s.xs),
              el: tr('leaves', { d: d, cs: join(s.elim.map(function (e) { return cellName(e[0]); }), ', ') }) }) };
          }
        }
      }
    };
  }

  // live is what a cage (or innies, outies) allows: the digit sets its
  // placed digits and its cells' candidates leave, their union and the
  // digits every one needs, and its open cells.
  function live(k, v, c) {
    var placed = 0, union = 0, r = { open: [], allowed: 0, must: -1, sets: [] };
    k.cells.forEach(function (i) { if (v[i]) placed |= bit(v[i]); else { union |= c[i]; r.open.push(i); } });
    k.sets.forEach(function (m) {
      var rest = m & ~placed;
      if ((m & placed) !== placed || (rest & ~union) || r.open.some(function (i) { return !(c[i] & rest); })) return;
      r.allowed |= rest; r.must &= rest; r.sets.push(m);
    });
    return r;
  }
  function setsText(sets) {
    var sum = function (m) { return digits(m).map(sym).join('+'); };
    return sets.length === 1 ? tr('kmust', { x: sum(sets[0]) }) : tr('konly', { x: sets.map(sum).join(T.kor) });
  }

  // sums is the grader's cage combination (on the cages) and rule of 45 (on
  // the innies and outies of each house): of the digit sets a sum allows,
  // those its placed digits and its cells' candidates leave; its open cells
  // keep only their digits, and a digit every set needs, with one place
  // left, goes there.
  function sums(tech) {
    return function (v, c) {
      var list = tech === 'cage' ? G.cages : G.sums.filter(function (k) { return k.cells.length < 4; });
      for (var j = 0; j < list.length; j++) {
        var k = list[j], l = live(k, v, c), elim = [], put = [];
        if (!l.open.length || !l.sets.length) continue;
        l.open.forEach(function (i) { digits(c[i] & ~l.allowed).forEach(function (d) { elim.push([i, d]); }); });
        digits(l.must).forEach(function (d) {
          var at = l.open.filter(function (i) { return c[i] & bit(d); });
          if (at.length === 1 && c[at[0]] !== bit(d)) put.push([at[0], d]);
        });
        if (!elim.length && !put.length) continue;
        var one = k.cells.length === 1, o = { s: k.sum, k: k.cells.length, c: cellName(k.cells[0]), res: sumResult(c, elim, put), a: G.d * (G.d + 1) / 2,
          sets: setsText(l.sets), h: k.h && k.h.name, t: k.k, cs: join(k.cells.map(cellName), '+') };
        return { tech: tech, elim: elim, place: put, area: k.h ? k.h.cells : k.cells, pat: k.cells,
          note: tr(k.h ? 'r45' + (k.out ? 'o' : 'i') + (one ? 1 : '') : 'kcage', o) };
      }
    };
  }

  // cagePointing: a digit every set of a cage needs whose places in the
  // cage all lie in one house leaves the rest of that house.
  function cagePointing(v, c) {
    for (var j = 0; j < G.cages.length; j++) {
      var k = G.cages[j], l = live(k, v, c);
      if (!l.open.length || !l.sets.length) continue;
      var r = digits(l.must).reduce(function (r, d) {
        var at = l.open.filter(function (i) { return c[i] & bit(d); });
        return r || at.length && G.houses.reduce(function (r, h) {
          var out = h.cells.filter(function (i) { return G.cageOf[i] !== j && (c[i] & bit(d)); }).map(function (i) { return [i, d]; });
          return r || at.every(function (i) { return h.cells.indexOf(i) >= 0; }) && out.length &&
            { tech: 'kpoint', place: [], elim: out, area: h.cells, pat: at,
              note: tr('kpoint', { s: k.sum, k: k.cells.length, c: cellName(k.cells[0]), sets: setsText(l.sets), d: d,
                cs: join(at.map(cellName), ', '), h: h.name, el: elimText(out) }) };
        }, 0);
      }, 0);
      if (r) return r;
    }
  }

  // sumResult says what a sum step does as the grader does: what its cells
  // lose (digits that leave the same cells together) or what they keep
  // (cells left with the same digits together), whichever is shorter, and
  // then the digits placed. A cell that gets its digit is not said to
  // lose the others.
  function sumResult(c, elim, put) {
    var lost = {}, order = [], byDigit = {}, parts = [], keep = [], lose = [], done = {};
    elim = elim.filter(function (e) { return !put.some(function (p) { return p[0] === e[0]; }); });
    elim.forEach(function (e) {
      if (!lost[e[0]]) order.push(e[0]);
      lost[e[0]] = (lost[e[0]] || 0) | bit(e[1]);
      (byDigit[e[1]] = byDigit[e[1]] || []).push(e[0]);
    });
    order.forEach(function (x) {
      if (done[x]) return;
      var left = c[x] & ~lost[x], same = order.filter(function (y) { return !done[y] && (c[y] & ~lost[y]) === left; });
      same.forEach(function (y) { done[y] = 1; });
      keep.push(tr(same.length > 1 ? 'kkeep' : 'kkeeps', { cs: andList(same.map(cellName)), ds: andList(digits(left)) }));
    });
    done = {};
    digits(-1).forEach(function (d) {
      if (!byDigit[d] || done[d]) return;
      var cs = byDigit[d].join(), same = digits(-1).filter(function (e) { return byDigit[e] && byDigit[e].join() === cs; });
      same.forEach(function (e) { done[e] = 1; });
      lose.push(tr(same.length > 1 ? 'leave' : 'leaves', { d: andList(same), cs: join(byDigit[d].map(cellName), ', ') }));
    });
    if (elim.length) {
      keep = join(keep, T.semi); lose = join(lose, T.semi);
      parts.push(keep.length < lose.length ? keep : lose);
    }
    put.forEach(function (p) { parts.push(tr('kgoes', { d: p[1], c: cellName(p[0]) })); });
    return join(parts, T.semi);
  }

  // The page's rungs, climbed in the order the grader's ladder gives (D.rungs).
  var finders = { full: fullHouse, naked: nakedSingle, hidden: hiddenSingle, cage: sums('cage'), r45: sums('r45'), kpoint: cagePointing,
    pointing: locked('pointing', true), claiming: locked('claiming', false),
    npair: subset('npair', 2, false), hpair: subset('hpair', 2, true), ntriple: subset('ntriple', 3, false),
    htriple: subset('htriple', 3, true), nquad: subset('nquad', 4, false), hquad: subset('hquad', 4, true),
    xwing: fish('xwing', 2), swordfish: fish('swordfish', 3), jellyfish: fish('jellyfish', 4) };
  // "@" and a technique's character: the stored steps of a mark's rung.
  var rungs = D.rungs.map(function (k) { return finders[k] || function (v, c) { return graderStep(v, c, k[1]); }; });

  // graderStep returns the first of the grader's stored harder steps that
  // still tells the reader something on this grid, worded from its codes:
  // a technique (its name in D.k), then eliminations, then after "="
  // placements, then after "|" the template explain's words take and the
  // cells, digits and houses that fill it (see web/hint.go).
  function graderStep(v, c, m) {
    var hs = P.h || [];
    for (var k = 0; k < hs.length; k++) {
      if (m && hs[k][0] !== m) continue;
      // Only what is still open on the reader's grid: a digit the reader
      // has placed is not placed again (typing it would take it out).
      var f = hs[k].split('|'), h = f[0].split('='), elim = codes(h[0].slice(1)).filter(function (e) { return c[e[0]] & bit(e[1]); }),
        put = codes(h[1]).filter(function (p) { return !v[p[0]]; });
      if (elim.length || put.length) {
        var o = { t: D.k[LINE.indexOf(h[0][0])], el: sumResult(c, elim, put) },
          s = { tech: 'grader', k: h[0][0], t: o.t, c: c.slice(), elim: elim, place: put, pat: [], area: [] };
        f.slice(2).forEach(function (x) { fill(o, s, x[0], x.slice(1), c); });
        o.base = o.B; o.cover = o.C;
        // The fish's own cells: where its lines cross, with its digit.
        if (o.B) s.pat = s.pat.concat(s.B.filter(function (i) { return s.C.indexOf(i) >= 0 && c[i] & bit(s.d[0]); }));
        s.note = tr(f[1] || 'step', o);
        return s;
      }
    }
  }

  // fill writes field value x under letter k into the words o, and its
  // cells (named in the words) into the step s: the pattern (pat), or for
  // houses the area.
  var CH = '';
  for (var i = 35; i < 127; i++) if (i !== 92 && i !== 124) CH += String.fromCharCode(i);
  function fill(o, s, k, x, c) {
    var xs, j = x.indexOf('^');
    // A notation's cells come after its text and a "^".
    if (/[rwsu]/.test(k)) {
      o[k] = j < 0 ? x : x.slice(0, j);
      if (j >= 0) s.pat = s.pat.concat(cellCodes(x.slice(j + 1)));
      return;
    }
    if (k === 'v') {
      o.v = setsText(x.split(' ').map(function (set) { return [].reduce.call(set, function (m, ch) { return m | bit(SYM.indexOf(ch) + 1); }, 0); }));
      return;
    }
    if (/[defqxyz]/.test(k)) {
      xs = [].map.call(x, function (ch) { return SYM.indexOf(ch) + 1; });
      s[k] = xs;
      o[k] = k === 'q' ? xs.join(T.kor) : /[xyz]/.test(k) ? '{' + xs.join(',') + '}' : andList(xs);
      return;
    }
    xs = cellCodes(x);
    if (/[hkBC]/.test(k)) {
      var hs = xs.map(function (u) { return G.houses[u]; }), n = G.n;
      s[k] = [];
      hs.forEach(function (h) { s.area = s.area.concat(h.cells); s[k] = s[k].concat(h.cells); });
      // A fish's lines, all rows or all columns: "rows 2 and 7".
      var side = xs[0] >= n && xs[0] < 2 * n ? 'rows' : 'cols';
      o[k] = /[BC]/.test(k) && !G.figure ? tr(side, { ns: andList(xs.map(function (u) { return u % n + 1; })) }) :
        andList(hs.map(function (h) { return h.name; }));
      return;
    }
    s.pat = s.pat.concat(xs);
    var ns = xs.map(cellName);
    o[k] = /[lm]/.test(k) ? join(ns, '=') : k === 'g' ? join(ns, '+') : k === 'n' ? ns.reduce(function (a, x, j) { return j ? join([a, x], j % 2 ? '=' : '-') : x; }, '') :
      /[op]/.test(k) ? join(ns, T.kor) : andList(ns);
  }
  // cellCodes reads cells stored as their places in CH, two characters
  // each where a grid has more places than CH has characters.
  function cellCodes(x) {
    var w = G.N > CH.length ? 2 : 1, xs = [];
    for (var j = 0; j < x.length; j += w) xs.push(w > 1 ? CH.indexOf(x[j]) * CH.length + CH.indexOf(x[j + 1]) : CH.indexOf(x[j]));
    return xs;
  }

  // codes reads cells and digits stored three characters each: row and
  // column as in LINE (SYM, then on to Z for a figure's bounding box up to
  // 35 cells across), digit as in SYM.
  var LINE = SYM + 'HIJKLMNOPQRSTUVWXYZ';
  function codes(s) {
    var out = [];
    for (var i = 0; s && i < s.length; i += 3) {
      out.push([(LINE.indexOf(s[i])) * G.n + LINE.indexOf(s[i + 1]), SYM.indexOf(s[i + 2]) + 1]);
    }
    return out;
  }

  // hint works out the steps from the reader's grid to the next digit:
  // eliminations first, if any are needed, then the placement. A grid with
  // a wrong digit gets the wrong digits instead.
  function hint() {
    var v = st.v, wrong = [];
    for (var i = 0; i < G.N; i++) if (v[i] && v[i] !== P.sol[i]) wrong.push(i);
    if (wrong.length) return { wrong: wrong };
    var c = candidates(v), steps = [];
    while (steps.length < 50) {
      var s = null;
      for (var r = 0; r < rungs.length && !s; r++) s = rungs[r](v, c);
      s = s || graderStep(v, c);
      if (!s) break;
      // The grader's steps of one technique in a row are one step: a
      // kropki grid's dots take dozens before a digit.
      var l = steps[steps.length - 1];
      if (s.k && l && l.k === s.k) {
        l.elim = l.elim.concat(s.elim); l.place = s.place; l.pat = l.pat.concat(s.pat); l.area = l.area.concat(s.area);
        l.note = tr('step', { t: s.t, el: sumResult(l.c, l.elim, s.place) });
      } else steps.push(s);
      s.elim.forEach(function (e) { c[e[0]] &= ~bit(e[1]); });
      if (s.place.length) break;
    }
    // A step comes out as the Go engine's do: the note as explain writes
    // it, the words as the page shows them, and the cells they name.
    steps.forEach(function (s) { s.words = wordsOf(s.note); s.named = cellsOf(s.note); s.note = '' + s.note; });
    return { steps: steps };
  }

  // solution finds the grid v's givens lead to, by search on candidate
  // masks (a bit a digit). After each guess it settles what follows: a
  // cell left one digit takes it from its peers, a digit left one place
  // in a house goes there, and a killer's cages, innies and outies (the
  // rule of 45, see geometry) keep only the digits of the sets their sum
  // allows that their cells can still make (a set every cell touches,
  // and whose digits some cell still has); a digit every such set needs,
  // with one cell left for it, goes there. Then a guess in the open cell
  // with the fewest candidates. The puzzle is unique (the book proved
  // it), so the first grid found is the answer: the page need not carry
  // it. It counts the grids it settles in nodes, one a guess, which the
  // tests hold to a bound on every example book.
  function solution(v) {
    var N = G.N, full = bit(G.d + 1) - 2, c = new Int32Array(N), q = [], i, ks = G.cages.concat(G.sums);
    P.nodes = 0;
    for (i = 0; i < N; i++) {
      c[i] = G.off[i] ? 0 : v[i] ? bit(v[i]) : full & G.dom[i];
      if (v[i]) q.push(i);
    }
    // cut keeps only the digits m of cell i. A cell left a single digit
    // (or none: settle fails on it) is queued.
    function cut(c, i, m, q) {
      if ((m &= c[i]) === c[i]) return;
      c[i] = m; q.changed = 1;
      if (!(m & (m - 1))) q.push(i);
    }
    function settle(c, q) {
      var hs = G.houses, k, j, d;
      for (q.changed = 1; q.changed;) {
        q.changed = 0;
        while (q.length) {
          var x = q.pop();
          if (!c[x]) return;
          for (var ps = G.peers[x], j = 0; j < ps.length; j++) cut(c, ps[j], ~c[x], q);
        }
        for (k = 0; k < hs.length; k++) {
          var cs = hs[k].cells, once = 0, twice = 0;
          for (j = 0; j < cs.length; j++) { twice |= once & c[cs[j]]; once |= c[cs[j]]; }
          if (once !== full) return;
          for (d = once & ~twice; d; d &= d - 1) {
            // Its one place may have been given another digit meanwhile.
            for (j = 0; j < cs.length && !(c[cs[j]] & d & -d); j++);
            if (j === cs.length) return;
            cut(c, cs[j], d & -d, q);
          }
        }
        ks.forEach(function (k) {
          var allowed = 0, must = -1;
          k.sets.forEach(function (m) {
            var some = 0;
            for (var j = 0; j < k.cells.length; j++) { if (!(c[k.cells[j]] & m)) return; some |= c[k.cells[j]]; }
            if ((some & m) === m) { allowed |= m; must &= m; }
          });
          k.cells.forEach(function (x) { cut(c, x, allowed, q); });
          for (d = must; allowed && d; d &= d - 1) {
            var at = k.cells.filter(function (x) { return c[x] & d & -d; });
            if (at.length === 1) cut(c, at[0], d & -d, q);
          }
        });
      }
      return true;
    }
    function go(c, q) {
      P.nodes++;
      if (!settle(c, q)) return;
      var best = -1, fewest = 99, n;
      for (i = 0; i < N; i++) {
        if ((c[i] & (c[i] - 1)) && (n = count(c[i])) < fewest) { best = i; fewest = n; }
      }
      if (best < 0) return c;
      for (var m = c[best], r; m; m &= m - 1) {
        var next = c.slice();
        next[best] = m & -m;
        if ((r = go(next, [best]))) return r;
      }
    }
    c = go(c, q);
    return c && [].map.call(c, function (m) { return m && Math.log2(m); });
  }

  // ---- state, drawing and play ----

  // Progress is kept by the puzzle's givens, and its solution where it
  // carries one: marked puzzles may share their few givens.
  function key() { return 'sudokubook:' + P.g + (P.a || ''); }
  function digitsOf(s) { return [].map.call(s, function (ch) { return SYM.indexOf(ch) + 1; }); }
  function load(p) {
    P = p; G = geoms[p.geo || 0];
    var v = digitsOf(p.g);
    P.giv = v.map(Boolean);
    // A puzzle with marks the search does not know carries its solution.
    P.sol = P.sol || (p.a ? digitsOf(p.a) : solution(v));
    st = null;
    try { st = JSON.parse(localStorage.getItem(key())); } catch (e) { st = null; }
    if (!st || !st.v || st.v.length !== G.N) {
      st = { v: P.sol.map(function (d, i) { return P.giv[i] ? d : 0; }), m: [], t: 0, x: [] };
      for (var i = 0; i < G.N; i++) st.m.push(0);
    }
    undo = []; redo = []; marks = {};
    for (sel = 0; sel < G.N - 1 && (P.giv[sel] || G.off[sel]); sel++);
    hintBox.textContent = ''; status.textContent = '';
    var s = D.sections[p.s];
    // A puzzle made in the generator page has no number: its kind names it.
    $('sb-name').textContent = p.n ? tr('puzzle', { number: p.n }) : s.title;
    // The level is what a player reads; the rating stays as a tooltip.
    $('sb-sec').textContent = !p.n ? s.level : head(s);
    $('sb-sec').title = p.r ? tr('rating', { r: p.r.toFixed(1) }) : '';
    $('sb-pick').value = p.n;
    // The address follows the puzzle in play, so it can be shared.
    if (p.n && location.hash !== '#' + p.n) try { history.replaceState(null, '', '#' + p.n); } catch (e) { /* file: */ }
    try { localStorage.setItem('sudokubook:last:' + D.title, p.n); } catch (e) { /* private mode */ }
    build(grid, G, true);
    // The keys as this grid takes them: its symbols, and a pencil key that
    // is not one of them (Space where P is a letter).
    $('sb-keys').textContent = tr('keys', { ds: lettered() ? 'A-' + sym(G.d) : G.d > 9 ? tr('keys2', { m: G.d, k: G.d - 10 }) : '1-' + G.d,
      p: lettered() ? T.space : 'P' });
    [].forEach.call($('sb-pad').children, function (b) { b.hidden = +b.dataset.d > G.d; put(b, +b.dataset.d, G, 1); });
    draw();
  }
  // head is a section's heading with its level, which a heading that
  // names it already ("Jigsaw Sudoku: Medium") does not repeat.
  function head(s) { return s.title.indexOf(s.level) >= 0 ? s.title : s.title + ' · ' + s.level; }
  function save() {
    try { localStorage.setItem(key(), JSON.stringify(st)); } catch (e) { /* full or private mode */ }
  }

  // build lays out the cells of a grid shape in box, with heavy lines where
  // the region changes and shading for shaded cells.
  function build(box, g, live) {
    box.textContent = '';
    box.style.setProperty('--n', g.n);
    box.style.setProperty('--pm', Math.ceil(Math.sqrt(g.n)));
    var row;
    for (var i = 0; i < g.N; i++) {
      if (i % g.n === 0) { row = el('div', 'row'); row.setAttribute('role', 'row'); box.appendChild(row); }
      var r = Math.floor(i / g.n), c = i % g.n, e = el('div', 'cell');
      if (c < g.n - 1 && g.reg[i] !== g.reg[i + 1]) e.classList.add('br');
      if (r < g.n - 1 && g.reg[i] !== g.reg[i + g.n]) e.classList.add('bb');
      if (g.off[i]) e.classList.add('off');
      // In a figure the heavy outline follows the grids, not the box.
      else if (g.off.indexOf(true) >= 0) {
        if (c === 0 || g.off[i - 1]) e.classList.add('bl');
        if (r === 0 || g.off[i - g.n]) e.classList.add('bt');
        if (c === g.n - 1) e.classList.add('br');
        if (r === g.n - 1) e.classList.add('bb');
      }
      if (g.shade.indexOf(i) >= 0) e.classList.add('sh');
      if (live) { e.setAttribute('role', g.off[i] ? 'presentation' : 'gridcell'); e.id = 'c' + i; e.dataset.i = i; }
      row.appendChild(e);
    }
    box.classList.toggle('killer', g.cages.length > 0);
    box.classList.toggle('figure', g.off.indexOf(true) >= 0);
    if (g.cages.length) cageLines(box, g);
    markLayers(box, g);
    if (g.kd) g.kd(box);
    // A figure's 9x9 grids are framed heavier than its boxes, as printed.
    if (g.fr) add(svgOver(box, g.n, 'frames'), 'path', { d: g.fr.map(function (i) { return 'M' + i % g.n + ' ' + Math.floor(i / g.n) + 'h9v9h-9z'; }).join('') });
  }

  // svgOver lays an SVG of class cls over the grid in box, one unit a
  // cell; add puts an element with the attributes at on an SVG.
  function svgOver(box, n, cls) {
    return add(box, 'svg', { viewBox: '0 0 ' + n + ' ' + n, 'class': 'cages ' + cls, 'aria-hidden': 'true' });
  }
  function add(s, tag, at) {
    var e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (var k in at) e.setAttribute(k, at[k]);
    return s.appendChild(e);
  }

  // markLayers draws the marks printed on the cells (web/marks.go) as
  // the book prints them. Thermometers and even-odd marks are a grey
  // ground multiplied into the cells under them, so the digits and the
  // highlights show through; arrows and edge marks are ink over them.
  function markLayers(box, g) {
    var n = g.n, L = {}, mk = g.mk, lay = function (c) { return L[c] || (L[c] = svgOver(box, n, c)); };
    var at = function (i) { return [i % n + 0.5, Math.floor(i / n) + 0.5]; };
    var path = function (l) { return l.map(function (i, k) { return (k ? 'L' : 'M') + at(i).join(' '); }).join(''); };
    var circle = function (s, i, r, cls) { var p = at(i); return add(s, 'circle', { cx: p[0], cy: p[1], r: r, 'class': cls }); };
    (mk.th || []).forEach(function (l) { circle(lay('under'), l[0], 0.38, 'th'); add(L.under, 'path', { d: path(l), 'class': 'th' }); });
    [].forEach.call(mk.pa || '', function (m, i) {
      var p = at(i);
      if (m === '1') add(lay('under'), 'rect', { x: p[0] - 0.35, y: p[1] - 0.35, width: 0.7, height: 0.7 });
      if (m === '2') circle(lay('under'), i, 0.35, '');
    });
    // An arrow's shaft leaves its circle towards the first shaft cell and
    // runs through the shaft's middles to a head just past the last.
    (mk.ar || []).forEach(function (l) {
      var o = lay('over');
      circle(o, l[0], 0.4, 'ring');
      var a = at(l[0]), b = at(l[1]), y = at(l[l.length - 1]), x = at(l[l.length - 2]), d = Math.hypot(b[0] - a[0], b[1] - a[1]);
      var e = Math.hypot(y[0] - x[0], y[1] - x[1]), ex = (y[0] - x[0]) / e, ey = (y[1] - x[1]) / e, tip = (y[0] + 0.18 * ex) + ' ' + (y[1] + 0.18 * ey);
      var arm = function (s) {
        var c = Math.cos(0.6), z = s * Math.sin(0.6);
        return 'M' + (y[0] + 0.18 * ex - 0.24 * (ex * c - ey * z)) + ' ' + (y[1] + 0.18 * ey - 0.24 * (ey * c + ex * z)) + 'L' + tip;
      };
      add(o, 'path', { d: 'M' + (a[0] + 0.4 * (b[0] - a[0]) / d) + ' ' + (a[1] + 0.4 * (b[1] - a[1]) / d) + path(l.slice(1)).replace('M', 'L') + 'L' + tip + arm(1) + arm(-1) });
    });
    // Edge marks: two a cell, on its right and lower edges; pt is a
    // point along the edge's line and off it, towards the second cell.
    [].forEach.call(mk.em || '', function (m, k) {
      if (m === '0') return;
      var o = lay('over'), i = k >> 1, down = k & 1, p = at(i), h = 0.14, s = m === '2' ? 1 : -1;
      var pt = function (al, off) { return down ? (p[0] + al) + ' ' + (p[1] + 0.5 + off) : (p[0] + 0.5 + off) + ' ' + (p[1] + al); };
      var c = pt(0, 0).split(' ');
      if (mk.ek === 'k') add(o, 'circle', { cx: c[0], cy: c[1], r: 0.11, 'class': m === '2' ? 'kb' : 'kw' });
      else if (mk.ek === 'x') add(o, 'text', { x: c[0], y: c[1] }).textContent = m === '2' ? 'V' : 'X';
      else if (mk.ek === 'c') add(o, 'path', { d: 'M' + pt(-0.2, 0) + 'L' + pt(0.2, 0), 'class': 'bar' });
      else add(o, 'path', { d: 'M' + pt(-h, -s * h / 2) + 'L' + pt(0, s * h / 2) + 'L' + pt(h, -s * h / 2), 'class': 'gt' });
    });
  }

  // cageLines draws each cage as a dashed outline just inside its cells,
  // with its sum in its first cell, on an SVG laid over the grid (one unit
  // a cell).
  function cageLines(box, g) {
    var svg = svgOver(box, g.n, ''), d = '';
    g.cages.forEach(function (k) {
      var inCage = function (r, c) { return r >= 0 && c >= 0 && r < g.n && c < g.n && k.cells.indexOf(r * g.n + c) >= 0; };
      k.cells.forEach(function (i) {
        var r = Math.floor(i / g.n), c = i % g.n, a = 0.1, b = 0.9;
        if (!inCage(r - 1, c)) d += 'M' + (c + a) + ' ' + (r + a) + 'H' + (c + b);
        if (!inCage(r + 1, c)) d += 'M' + (c + a) + ' ' + (r + b) + 'H' + (c + b);
        if (!inCage(r, c - 1)) d += 'M' + (c + a) + ' ' + (r + a) + 'V' + (r + b);
        if (!inCage(r, c + 1)) d += 'M' + (c + b) + ' ' + (r + a) + 'V' + (r + b);
      });
      var first = Math.min.apply(null, k.cells);
      add(svg, 'text', { x: first % g.n + 0.13, y: Math.floor(first / g.n) + 0.33 }).textContent = k.sum;
    });
    add(svg, 'path', { d: d });
  }

  function draw() {
    if (!st) return;
    var solved = true, s = G.N ? P.sol : [];
    for (var i = 0; i < G.N; i++) {
      var e = $('c' + i), v = st.v[i], label;
      e.textContent = '';
      if (G.off[i]) continue;
      e.classList.remove('given', 'sel', 'peer', 'same', 'bad', 'rev', 'hl', 'hl2', 'pat', 'pm', 'w2');
      if (v !== s[i]) solved = false;
      if (v) {
        label = put(e, v, G, P.giv[i]);
        if (label.length > 1) e.classList.add('w2');
      } else if (st.m[i]) {
        e.classList.add('pm');
        for (var d = 1; d <= G.d; d++) if (st.m[i] & bit(d)) put(e.appendChild(el('span')), d, G, 1); else e.appendChild(el('span'));
        label = tr('marks', { ds: digits(st.m[i]).map(sym).join(' ') });
      } else label = T.empty;
      if (P.giv[i]) { e.classList.add('given'); label += ', ' + T.given; }
      G.cages.forEach(function (k) {
        if (Math.min.apply(null, k.cells) === i) label += ', ' + tr('cage', { s: k.sum, k: k.cells.length });
      });
      if (st.x.indexOf(i) >= 0) { e.classList.add('rev'); label += ', ' + T.revealed; }
      if (marks[i]) { e.classList.add(marks[i]); if (marks[i] === 'bad') label += ', ' + T.wrong1; }
      // A digit typed that a peer holds too is marked at once, when the
      // reader has asked for it (Clashes).
      if (clash && v && !P.giv[i] && G.peers[i].some(function (p) { return st.v[p] === v; })) e.classList.add('bad');
      if (i === sel) e.classList.add('sel');
      else if (v && v === st.v[sel]) e.classList.add('same');
      else if (G.peers[sel].indexOf(i) >= 0) e.classList.add('peer');
      e.setAttribute('aria-label', tr('cell', { r: Math.floor(i / G.n) + 1, c: i % G.n + 1 }) + ': ' + label);
      e.setAttribute('aria-selected', i === sel);
      e.tabIndex = i === sel ? 0 : -1;
    }
    $('sb-pencil').setAttribute('aria-pressed', pencil);
    $('sb-clash').setAttribute('aria-pressed', clash);
    // Each digit's button says how many are still to place.
    // (A kakuro holds its digits unevenly: they are counted in its answer.)
    var left = [];
    for (i = 0; i <= G.d; i++) left.push(0);
    P.sol.forEach(function (d, i) { left[d]++; left[st.v[i]]--; });
    [].forEach.call($('sb-pad').children, function (b) { b.dataset.left = left[b.dataset.d]; });
    $('sb-undo').disabled = !undo.length;
    $('sb-redo').disabled = !redo.length;
    if (solved && !st.done) {
      st.done = 1;
      say(tr('solved', { time: clock(st.t) }));
    }
    document.body.classList.toggle('done', !!st.done);
    tick(0);
    save();
  }

  function say(msg) { status.textContent = msg; }
  function clock(t) {
    var m = Math.floor(t / 60), s = t % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  }
  function tick(dt) {
    if (st && !st.done && !document.hidden) st.t += dt;
    if (st) $('sb-time').textContent = clock(st.t);
    if (dt && st) save();
  }

  // change records the grid for undo, then lets f change it.
  function change(f) {
    var before = JSON.stringify({ v: st.v, m: st.m, x: st.x });
    f();
    if (JSON.stringify({ v: st.v, m: st.m, x: st.x }) === before) return;
    undo.push(before); redo = []; marks = {};
    hintBox.textContent = '';
    draw();
  }
  function back(from, to) {
    two = -1;
    if (!from.length) return;
    to.push(JSON.stringify({ v: st.v, m: st.m, x: st.x }));
    var s = JSON.parse(from.pop());
    st.v = s.v; st.m = s.m; st.x = s.x; st.done = 0; marks = {};
    hintBox.textContent = '';
    draw();
  }

  function enter(d, asMark) {
    two = -1;
    if (P.giv[sel] || G.off[sel]) return;
    change(function () {
      if (!d) { st.v[sel] = 0; st.m[sel] = 0; return; }
      if (asMark || pencil) {
        if (!st.v[sel]) st.m[sel] ^= bit(d);
        return;
      }
      st.v[sel] = st.v[sel] === d ? 0 : d;
      if (st.v[sel]) {
        // A digit placed clears that pencil mark from its peers.
        G.peers[sel].forEach(function (p) { st.m[p] &= ~bit(d); });
      }
    });
    // Focus stays on the cell, so a screen reader is told what it holds now.
    $('sb-say').textContent = $('c' + sel).getAttribute('aria-label');
  }

  function select(i, focus) {
    sel = i; two = -1; draw();
    if (focus) $('c' + i).focus();
  }

  // showHint shows a hint's steps, in words that name rows and columns,
  // and marks their cells; or, for a grid with wrong digits, which.
  function showHint(h) {
      marks = {};
      hintBox.textContent = '';
      if (h.wrong) {
        h.wrong.forEach(function (i) { marks[i] = 'bad'; });
        say(tr('wrong', { n: h.wrong.length }));
        hintBox.appendChild(el('p', '', T.fixfirst));
        return draw();
      }
      var list = el('ol');
      // The houses and cells of the steps are shaded; the cells that make
      // the pattern of the last step with one (the hardest, as a rule)
      // are framed, and the cells that step and the last one change marked.
      var key = h.steps.filter(function (s) { return s.pat && s.pat.length; }).pop() || {};
      h.steps.forEach(function (s, k) {
        var li = list.appendChild(el('li', '', s.words));
        li.dataset.note = s.note;
        (s.area || []).concat(s.named).forEach(function (i) { marks[i] = 'hl2'; });
      });
      (key.pat || []).forEach(function (i) { marks[i] = 'pat'; });
      h.steps.forEach(function (s, k) {
        if (s === key || k === h.steps.length - 1) s.elim.forEach(function (e) { marks[e[0]] = 'hl'; });
      });
      var last = h.steps[h.steps.length - 1];
      if (last && last.place.length) {
        marks[last.place[0][0]] = 'hl';
        sel = last.place[0][0];
      }
      hintBox.appendChild(h.steps.length ? list : el('p', '', T.nohint));
      say(h.steps.length ? T.hintshown : T.nohint);
      draw();
      $('c' + sel).focus();
    }

  var actions = {
    pencil: function () { pencil = !pencil; draw(); },
    undo: function () { back(undo, redo); },
    redo: function () { back(redo, undo); },
    erase: function () { enter(0); },
    clear: function () {
      change(function () {
        st.v = st.v.map(function (v, i) { return P.giv[i] ? v : 0; });
        st.m = st.m.map(function () { return 0; }); st.x = []; st.done = 0;
      });
    },
    check: function () {
      var bad = 0;
      marks = {};
      st.v.forEach(function (v, i) { if (v && v !== P.sol[i]) { marks[i] = 'bad'; bad++; } });
      draw();
      say(bad ? tr('wrong', { n: bad }) : T.right);
    },
    hint: function () {
      // The generator page asks the Go engine (sbEngineHint) for the
      // steps from the reader's grid; a book's page its own solver.
      var wrong = st.v.map(function (v, i) { return v && v !== P.sol[i] ? i : -1; }).filter(function (i) { return i >= 0; });
      if (!wrong.length && window.sbEngineHint) return window.sbEngineHint(P, st.v).then(showHint);
      showHint(wrong.length ? { wrong: wrong } : hint());
    },
    reveal: function () {
      if (P.giv[sel] || st.v[sel] === P.sol[sel]) return;
      change(function () { st.v[sel] = P.sol[sel]; st.x.push(sel); });
    },
    solve: function () {
      change(function () {
        st.v.forEach(function (v, i) { if (v !== P.sol[i]) { st.v[i] = P.sol[i]; st.x.push(i); } });
      });
    },
    prev: function () { go(-1); },
    next: function () { go(1); },
    printone: function () {
      document.body.classList.add('one');
      window.print();
    },
    clash: function () {
      clash = !clash;
      try { localStorage.setItem('sudokubook:clash', clash ? 1 : ''); } catch (e) { /* private mode */ }
      draw();
    },
    // Fill candidates: every open cell gets the pencil marks its peers allow.
    fill: function () {
      change(function () { var c = candidates(st.v); st.m = st.m.map(function (m, i) { return st.v[i] ? m : c[i]; }); });
    },
    dark: function () { theme(document.documentElement.classList.contains('dark') ? 'light' : 'dark', 1); },
    print: function () {
      document.body.classList.add('all');
      window.print();
    }
  };

  // bookPages lays out the printed pages: for "Print all" every puzzle of
  // the page, givens only, one a page; for "Print this puzzle" the puzzle
  // in play and then its solution, each on a page of its own. A plain
  // print shows the grid in play as it is.
  function bookPages() {
    var book = $('sb-book'), cl = document.body.classList, pages = [];
    book.textContent = '';
    if (cl.contains('all')) D.puzzles.forEach(function (p) {
      pages.push([tr('puzzle', { number: p.n }) + ' · ' + head(D.sections[p.s]), geoms[p.geo || 0], digitsOf(p.g)]);
    });
    if (cl.contains('one')) {
      var h = $('sb-name').textContent + ' · ' + $('sb-sec').textContent;
      pages.push([h, G, P.sol.map(function (d, i) { return P.giv[i] ? d : 0; })], [h + ' · ' + T.solution, G, P.sol, P.giv]);
    }
    pages.forEach(function (x) {
      var page = el('section', 'page'), g = el('div', 'grid'), gm = x[1];
      page.appendChild(el('h2', '', x[0]));
      build(g, gm, false);
      [].forEach.call(g.querySelectorAll('.cell'), function (e, i) {
        if (x[2][i]) put(e, x[2][i], gm, !x[3] || x[3][i]);
        if (e.textContent.length > 1) e.classList.add('w2');
      });
      page.appendChild(g);
      book.appendChild(page);
    });
  }
  window.addEventListener('beforeprint', bookPages);
  window.addEventListener('afterprint', function () { document.body.classList.remove('all', 'one'); });

  // theme sets the page dark or light: as the reader last chose (keep),
  // else as the browser prefers, following it as it changes.
  var prefers = matchMedia('(prefers-color-scheme: dark)'), chosen;
  function theme(t, keep) {
    if (keep) try { localStorage.setItem('sudokubook:theme', chosen = t); } catch (e) { /* private mode */ }
    document.documentElement.classList.toggle('dark', (chosen || (prefers.matches ? 'dark' : 'light')) === 'dark');
  }
  try { chosen = localStorage.getItem('sudokubook:theme'); clash = !!localStorage.getItem('sudokubook:clash'); } catch (e) { /* private mode */ }
  theme();
  prefers.addEventListener('change', function () { theme(); });

  function go(step) {
    var k = D.puzzles.indexOf(P) + step;
    if (k >= 0 && k < D.puzzles.length) load(D.puzzles[k]);
  }

  // ---- wiring ----

  function digitOf(e) {
    // Letters are typed as printed: A to P (P is then not the pencil key).
    if (D.letters && G.d > 9) return /^[a-p]$/i.test(e.key) ? e.key.toLowerCase().charCodeAt(0) - 96 : -1;
    var m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || ''), d = m ? +m[1] : -1;
    if (d < 0 && /^\d$/.test(e.key)) d = +e.key;
    return d <= G.d ? d : -1;
  }

  grid.addEventListener('keydown', function (e) {
    var r = Math.floor(sel / G.n), c = sel % G.n, moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.ctrlKey || e.metaKey) return;
    if (moves[e.key]) {
      // Step over cells out of play; stay put at the edge.
      var dr = moves[e.key][0], dc = moves[e.key][1], to = sel;
      for (r += dr, c += dc; r >= 0 && c >= 0 && r < G.n && c < G.n; r += dr, c += dc) {
        if (!G.off[r * G.n + c]) { to = r * G.n + c; break; }
      }
      select(to, true);
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      enter(0);
    } else if (e.key === ' ' && lettered()) {
      actions.pencil();
    } else {
      var d = digitOf(e), n = undo.length;
      if (d < 0) return;
      // Past 9 in numbers, 1 and then 0 to 6 typed in the same cell make
      // 10 to 16: the second key takes back the 1 and enters the pair.
      if (two === sel && d + 10 <= G.d) { back(undo, redo); d += 10; }
      enter(d, e.shiftKey || e.altKey);
      two = d === 1 && G.d > 9 && !lettered() && undo.length > n ? sel : -1;
    }
    e.preventDefault();
  });
  grid.addEventListener('click', function (e) {
    var c = e.target.closest('.cell');
    if (c && !G.off[+c.dataset.i]) select(+c.dataset.i, true);
  });
  document.addEventListener('keydown', function (e) {
    var k = e.key.toLowerCase();
    if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT') return;
    if ((e.ctrlKey || e.metaKey) && (k === 'z' || k === 'y')) {
      actions[k === 'y' || e.shiftKey ? 'redo' : 'undo']();
      e.preventDefault();
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && k === 'p' && !lettered()) {
      actions.pencil();
    }
  });
  [].forEach.call(document.querySelectorAll('[data-act]'), function (b) {
    b.addEventListener('click', function () { actions[b.dataset.act](); });
  });

  // The grid shapes and puzzles come deflated and in base64 (the hint steps' words repeat a
  // lot); the browser inflates them before play starts.
  function unpack() {
    if (typeof DecompressionStream === 'undefined') return say(T.old);
    var z = atob(D.z), bytes = new Uint8Array(z.length);
    for (var i = 0; i < z.length; i++) bytes[i] = z.charCodeAt(i);
    new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).text()
      .then(function (text) { var z = JSON.parse(text); D.geoms = z.g; start(z.p); });
  }

  function start(puzzles) {
    D.puzzles = puzzles;
    var pick = $('sb-pick'), groups = {};
    D.puzzles.forEach(function (p) {
      var s = D.sections[p.s];
      if (!groups[p.s]) {
        groups[p.s] = el('optgroup');
        groups[p.s].label = head(s);
        pick.appendChild(groups[p.s]);
      }
      var o = el('option', '', tr('puzzle', { number: p.n }));
      o.value = p.n;
      groups[p.s].appendChild(o);
    });
    pick.addEventListener('change', function () { find(+pick.value); });
    function find(n) {
      for (var k = 0; k < D.puzzles.length; k++) if (D.puzzles[k].n === n) return load(D.puzzles[k]) || true;
    }

    var pad = $('sb-pad');
    geoms = D.geoms.map(geometry);
    var most = Math.max.apply(null, [D.most || 0].concat(D.geoms.map(function (g) { return g.d || g.n; })));
    for (var d = 1; d <= most; d++) {
      var b = el('button', '', sym(d, most));
      b.type = 'button'; b.dataset.d = d;
      b.setAttribute('aria-label', tr('enter', { d: sym(d, most) }));
      b.addEventListener('mousedown', function (e) { e.preventDefault(); });
      b.addEventListener('click', function (e) { enter(+e.currentTarget.dataset.d); });
      pad.appendChild(b);
    }

    var last = 0;
    try { last = +localStorage.getItem('sudokubook:last:' + D.title); } catch (e) { /* private mode */ }
    if (!find(+location.hash.slice(1)) && !find(last) && D.puzzles.length) load(D.puzzles[0]);
    window.addEventListener('hashchange', function () { find(+location.hash.slice(1)); });
    setInterval(function () { tick(1); }, 1000);
    window.addEventListener('pagehide', save);
    // Tests read the solver's hints through this.
    window.sudokubook = { hint: hint, load: find, geoms: geoms, solved: function () { return { sol: P.sol, nodes: P.nodes }; },
      // The generator page plays its puzzles through add: a grid shape,
      // the givens and the solution (web.Shape), and its section.
      add: function (p, g, sec) {
        geoms.push(geometry(g));
        p.geo = geoms.length - 1; p.s = D.sections.push(sec) - 1;
        p.sol = [].map.call(p.sol, function (ch) { return SYM.indexOf(ch) + 1; });
        D.puzzles.push(p);
        load(p);
      },
      now: function () { return { P: P, G: G, v: st && st.v }; } };
  }
  unpack();
}());
