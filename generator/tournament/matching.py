"""Maximum-weight matching in a general graph: Edmonds' blossom method, primal-dual.

The Swiss draw asks one question of this module: of all the ways to pair the entries, with only
the allowed pairings (no rematch) as edges, which pairs everybody and is best by the draw's
criteria? The criteria are turned into one integer weight per possible pairing (see pairing.py),
so the answer is a maximum-weight matching among the maximum-cardinality ones. Unlike a greedy
pass it never dead-ends: if everybody can be paired, everybody is.

The method is the one described by Galil ("Efficient algorithms for finding maximum matching in
graphs", ACM Computing Surveys 18, 1986), O(n³): grow alternating trees from the single
vertices, shrink odd cycles into blossoms, and when no augmenting path is tight, move the dual
variables. Duals are kept doubled so that integer weights give integer arithmetic throughout:
with Python's integers the weights may be as large as the draw needs, and the result is exact.

>>> max_weight_matching(4, [(0, 1, 5), (1, 2, 7), (2, 3, 5)])
[1, 0, 3, 2]
>>> max_weight_matching(4, [(0, 1, 5), (1, 2, 11), (2, 3, 5)])
[-1, 2, 1, -1]
>>> max_weight_matching(4, [(0, 1, 5), (1, 2, 11), (2, 3, 5)], max_cardinality=True)
[1, 0, 3, 2]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

FREE, OUTER, INNER = 0, 1, 2  # labels of top-level blossoms: unreached, S (outer), T (inner)
Edge = tuple[int, int]  # (a, b): a vertex on each side, oriented as the context says


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool = False) -> list[int]:
    """Vertices 0..n-1; `edges` (a, b, weight), at most one per pair, integer weights.

    Returns `mate`: mate[v] is v's partner, or -1. With `max_cardinality`, only matchings of the
    largest possible size are considered, and the heaviest of those is returned."""
    if not edges:
        return [-1] * n
    return _Matcher(n, edges, max_cardinality).solve()


class _Matcher:
    """The state of one run. Blossom ids: vertices are 0..n-1 (trivial blossoms), non-trivial
    blossoms n..2n-1. Edge orientation in `link`s: (vertex outside, vertex inside)."""

    def __init__(self, n: int, edges: Sequence[tuple[int, int, int]], max_cardinality: bool) -> None:
        self.n = n
        self.max_cardinality = max_cardinality
        self.ends = [(a, b) for a, b, _ in edges]
        self.weight = [w for _, _, w in edges]
        self.edge_of: dict[tuple[int, int], int] = {}
        self.incident: list[list[int]] = [[] for _ in range(n)]
        for k, (a, b, _) in enumerate(edges):
            if a == b or not (0 <= a < n and 0 <= b < n):
                raise ValueError(f"bad edge {a}-{b}")
            if (a, b) in self.edge_of:
                raise ValueError(f"two edges between {a} and {b}")
            self.edge_of[(a, b)] = self.edge_of[(b, a)] = k
            self.incident[a].append(k)
            self.incident[b].append(k)
        top = max(0, max(self.weight))
        self.mate = [-1] * n
        size = 2 * n
        self.label = [FREE] * size
        self.link: list[Edge | None] = [None] * size  # how a blossom (or a T-vertex) was reached
        self.top = list(range(n))  # each vertex's top-level blossom
        self.parent = [-1] * size
        self.children: list[list[int]] = [[] for _ in range(size)]
        self.bridges: list[list[Edge]] = [[] for _ in range(size)]  # children[i] -> children[i+1]
        self.base = list(range(n)) + [-1] * n
        self.dual = [top] * n + [0] * n  # 2u(v) for vertices, z(B) for blossoms
        self.best: list[int] = [-1] * size  # least-slack edge to an S-blossom
        self.best_list: list[list[int] | None] = [None] * size
        self.tight = [False] * len(edges)
        self.unused = list(range(size - 1, n - 1, -1))
        self.queue: list[int] = []

    # --- small helpers ---------------------------------------------------------------------

    def other(self, k: int, v: int) -> int:
        a, b = self.ends[k]
        return b if a == v else a

    def slack(self, k: int) -> int:
        """Twice the slack of edge k (valid between different top-level blossoms)."""
        a, b = self.ends[k]
        return self.dual[a] + self.dual[b] - 2 * self.weight[k]

    def leaves(self, b: int) -> Iterator[int]:
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            current = stack.pop()
            for child in self.children[current]:
                if child < self.n:
                    yield child
                else:
                    stack.append(child)

    def toward(self, b: int, j: int, step: int) -> Edge:
        """The bridge from child j of blossom b to its neighbour j+step: (in j, in j+step)."""
        if step == 1:
            return self.bridges[b][j]
        inner, outer = self.bridges[b][j - 1]
        return outer, inner

    # --- labelling ---------------------------------------------------------------------------

    def assign(self, w: int, label: int, link: Edge | None) -> None:
        b = self.top[w]
        self.label[w] = self.label[b] = label
        self.link[w] = self.link[b] = link
        self.best[w] = self.best[b] = -1
        if label == OUTER:
            self.queue.extend(self.leaves(b))
        else:  # an inner blossom's base is matched: its mate becomes outer
            base = self.base[b]
            partner = self.mate[base]
            self.assign(partner, OUTER, (base, partner))

    def trace(self, v: int, w: int) -> int:
        """Walk back from two outer vertices: the base of the blossom they close, or -1 when the
        two paths reach different single vertices (an augmenting path)."""
        seen: set[int] = set()
        found = -1
        while v != -1 or w != -1:
            b = self.top[v]
            if b in seen:
                found = self.base[b]
                break
            seen.add(b)
            link = self.link[b]
            if link is None:
                v = -1
            else:
                inner = self.top[link[0]]
                v = self.link[inner][0]  # type: ignore[index]
            if w != -1:
                v, w = w, v
        return found

    # --- blossoms ----------------------------------------------------------------------------

    def shrink(self, base: int, k: int) -> None:
        """Make a blossom of the odd cycle closed by edge k between two outer vertices."""
        v, w = self.ends[k]
        b_base, bv, bw = self.top[base], self.top[v], self.top[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[b_base] = b
        path: list[int] = []
        bridges: list[Edge] = []
        while bv != b_base:
            self.parent[bv] = b
            path.append(bv)
            link = self.link[bv]
            assert link is not None
            bridges.append(link)  # (in the child nearer the base, in bv)
            bv = self.top[link[0]]
        path.append(b_base)
        path.reverse()
        bridges.reverse()
        bridges.append((v, w))
        while bw != b_base:
            self.parent[bw] = b
            path.append(bw)
            link = self.link[bw]
            assert link is not None
            bridges.append((link[1], link[0]))
            bw = self.top[link[0]]
        self.children[b] = path
        self.bridges[b] = bridges
        self.label[b] = OUTER
        self.link[b] = self.link[b_base]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.top[leaf]] == INNER:
                self.queue.append(leaf)
            self.top[leaf] = b
        best_to = [-1] * (2 * self.n)
        for child in path:
            if self.best_list[child] is None:
                candidates = [k2 for leaf in self.leaves(child) for k2 in self.incident[leaf]]
            else:
                candidates = self.best_list[child]  # type: ignore[assignment]
            for k2 in candidates:
                i, j = self.ends[k2]
                if self.top[j] == b:
                    i, j = j, i
                bj = self.top[j]
                if bj != b and self.label[bj] == OUTER and (best_to[bj] == -1 or self.slack(k2) < self.slack(best_to[bj])):
                    best_to[bj] = k2
            self.best_list[child] = None
            self.best[child] = -1
        self.best_list[b] = [k2 for k2 in best_to if k2 != -1]
        self.best[b] = -1
        for k2 in self.best_list[b]:  # type: ignore[union-attr]
            if self.best[b] == -1 or self.slack(k2) < self.slack(self.best[b]):
                self.best[b] = k2

    def expand(self, b: int, end_of_stage: bool) -> None:
        """Dissolve blossom b into its children; inside a stage, relabel an inner blossom's
        children so the alternating tree stays consistent."""
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.top[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self.expand(child, end_of_stage)
            else:
                for leaf in self.leaves(child):
                    self.top[leaf] = child
        if not end_of_stage and self.label[b] == INNER:
            link = self.link[b]
            assert link is not None
            entry = self.top[link[1]]
            j = self.children[b].index(entry)
            if j & 1:
                j -= len(self.children[b])
                step = 1
            else:
                step = -1
            while j != 0:
                _, inside = link
                here, there = self.toward(b, j, step)
                self.label[inside] = FREE
                self.label[there] = FREE
                self.assign(inside, INNER, link)
                self.tight[self.edge_of[(here, there)]] = True
                j += step
                here, there = self.toward(b, j, step)
                link = (here, there)
                self.tight[self.edge_of[link]] = True
                j += step
            child = self.children[b][j]
            _, inside = link
            self.label[inside] = self.label[child] = INNER
            self.link[inside] = self.link[child] = link
            self.best[child] = -1
            j += step
            while self.children[b][j] != entry:
                child = self.children[b][j]
                if self.label[child] == OUTER:
                    j += step
                    continue
                reached = next((leaf for leaf in self.leaves(child) if self.label[leaf] != FREE), None)
                if reached is not None:
                    assert self.label[reached] == INNER and self.top[reached] == child
                    self.label[reached] = FREE
                    self.label[self.mate[self.base[child]]] = FREE
                    self.assign(reached, INNER, self.link[reached])
                j += step
        self.label[b] = FREE
        self.link[b] = None
        self.children[b] = []
        self.bridges[b] = []
        self.base[b] = -1
        self.best_list[b] = None
        self.best[b] = -1
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges along the even path from v to b's base; v becomes
        the base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        i = j = self.children[b].index(t)
        if i & 1:
            j -= len(self.children[b])
            step = 1
        else:
            step = -1
        while j != 0:
            j += step
            here, there = self.toward(b, j, step)
            child = self.children[b][j]
            if child >= self.n:
                self.augment_blossom(child, here)
            j += step
            child = self.children[b][j]
            if child >= self.n:
                self.augment_blossom(child, there)
            self.mate[here] = there
            self.mate[there] = here
        self.children[b] = self.children[b][i:] + self.children[b][:i]
        self.bridges[b] = self.bridges[b][i:] + self.bridges[b][:i]
        self.base[b] = self.base[self.children[b][0]]
        assert self.base[b] == v

    def augment(self, k: int) -> None:
        """Flip the augmenting path through edge k, which joins two outer vertices."""
        v, w = self.ends[k]
        for s, partner in ((v, w), (w, v)):
            while True:
                bs = self.top[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = partner
                link = self.link[bs]
                if link is None:
                    break
                bt = self.top[link[0]]
                outer_vertex, inner_vertex = self.link[bt]  # type: ignore[misc]
                if bt >= self.n:
                    self.augment_blossom(bt, inner_vertex)
                self.mate[inner_vertex] = outer_vertex
                s, partner = outer_vertex, inner_vertex

    # --- the main loop -----------------------------------------------------------------------

    def solve(self) -> list[int]:
        n = self.n
        for _ in range(n):
            self.label = [FREE] * (2 * n)
            self.best = [-1] * (2 * n)
            self.best_list[n:] = [None] * n
            self.tight = [False] * len(self.ends)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.top[v]] == FREE:
                    self.assign(v, OUTER, None)
            augmented = False
            while True:
                augmented = self.grow()
                if augmented:
                    break
                if not self.adjust_duals():
                    break
            if not augmented:
                break
            for b in range(n, 2 * n):
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == OUTER and self.dual[b] == 0:
                    self.expand(b, True)
        return list(self.mate)

    def grow(self) -> bool:
        """Scan outer vertices along tight edges; True once the matching was augmented."""
        while self.queue:
            v = self.queue.pop()
            for k in self.incident[v]:
                w = self.other(k, v)
                bv, bw = self.top[v], self.top[w]
                if bv == bw:
                    continue
                slack = 0
                if not self.tight[k]:
                    slack = self.slack(k)
                    if slack <= 0:
                        self.tight[k] = True
                if self.tight[k]:
                    if self.label[bw] == FREE:
                        self.assign(w, INNER, (v, w))
                    elif self.label[bw] == OUTER:
                        base = self.trace(v, w)
                        if base >= 0:
                            self.shrink(base, k)
                        else:
                            self.augment(k)
                            return True
                    elif self.label[w] == FREE:
                        self.label[w] = INNER
                        self.link[w] = (v, w)
                elif self.label[bw] == OUTER:
                    if self.best[bv] == -1 or slack < self.slack(self.best[bv]):
                        self.best[bv] = k
                elif self.label[w] == FREE:
                    if self.best[w] == -1 or slack < self.slack(self.best[w]):
                        self.best[w] = k
        return False

    def adjust_duals(self) -> bool:
        """No tight augmenting path: move the duals by the largest safe amount. False when the
        optimum is reached (the stage, and the run, end)."""
        n = self.n
        kind, delta, edge, blossom = -1, 0, -1, -1
        if not self.max_cardinality:
            kind, delta = 1, min(self.dual[:n])
        for v in range(n):
            if self.label[self.top[v]] == FREE and self.best[v] != -1:
                d = self.slack(self.best[v])
                if kind == -1 or d < delta:
                    kind, delta, edge = 2, d, self.best[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == OUTER and self.best[b] != -1:
                slack = self.slack(self.best[b])
                assert slack % 2 == 0
                d = slack // 2
                if kind == -1 or d < delta:
                    kind, delta, edge = 3, d, self.best[b]
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == INNER and (kind == -1 or self.dual[b] < delta):
                kind, delta, blossom = 4, self.dual[b], b
        if kind == -1:  # maximum cardinality reached and nothing more to gain
            kind, delta = 1, max(0, min(self.dual[:n]))
        for v in range(n):
            label = self.label[self.top[v]]
            if label == OUTER:
                self.dual[v] -= delta
            elif label == INNER:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == OUTER:
                    self.dual[b] += delta
                elif self.label[b] == INNER:
                    self.dual[b] -= delta
        if kind == 1:
            return False
        if kind == 2:
            self.tight[edge] = True
            i, j = self.ends[edge]
            if self.label[self.top[i]] == FREE:
                i, j = j, i
            self.queue.append(i)
        elif kind == 3:
            self.tight[edge] = True
            self.queue.append(self.ends[edge][0])
        else:
            self.expand(blossom, False)
        return True
