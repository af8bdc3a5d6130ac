#!/usr/bin/env python3
"""Reference vectors for src/stats/clustered.ts, computed independently with scipy.

Run once (python3 scripts/reference/clustered.py) and check in its output,
test/fixtures/reference/clustered.json; src/stats/clustered.test.ts checks the TypeScript against
every vector. Independent of the TypeScript: the intraclass correlation comes from scipy's one-way
ANOVA F statistic (rho = (F - 1) / (F + m - 1)), the normal quantile from scipy.stats.norm, and for
a whole effective size the Wilson bounds are also checked against scipy.stats.binomtest.
The bounds on rho (docs/statistics.md) are the method's definition, applied here as written there.
Made with scipy 1.17.1, numpy 2.4.6, Python 3.

Unequal task sizes (the "unequal" vectors): the one-way ANOVA is computed explicitly with numpy on
the 0/1 outcomes (grand mean, between and within sums of squares, n0 = (N - sum m_i^2 / N) / (t - 1),
Donner 1986; Ridout, Demetrio & Firth 1999), cross-checked against scipy.stats.f_oneway's F, with
deff = 1 + (N / t - 1) * rho (Kish, mean cluster size). A task of size 0 is not a cluster: it is
left out before anything is computed.
"""
import json
import math
import pathlib
import warnings

import numpy as np
from scipy import stats


def icc(ks, m):
    t = len(ks)
    if m == 1:
        return 0.0, "one_rep"
    if t == 1:
        return 1.0, "one_task"
    if all(k in (0, m) for k in ks):
        return 1.0, "reps_agree"
    groups = [np.array([1.0] * k + [0.0] * (m - k)) for k in ks]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        f = stats.f_oneway(*groups).statistic
    rho = (f - 1) / (f + m - 1)
    if rho < 0:
        return 0.0, "below_zero"
    return min(1.0, float(rho)), None


def wilson(p, n, confidence):
    z = stats.norm.ppf(1 - (1 - confidence) / 2)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def vector(name, ks, m, confidence=0.95):
    t = len(ks)
    k = sum(ks)
    n = t * m
    rho, bound = icc(ks, m)
    deff = 1 + (m - 1) * rho
    n_eff = n / deff
    lower, upper = wilson(k / n, n_eff, confidence)
    if k == 0:
        lower = 0.0
    if k == n:
        upper = 1.0
    if abs(n_eff - round(n_eff)) < 1e-12 and abs(k / n * n_eff - round(k / n * n_eff)) < 1e-9:
        ci = stats.binomtest(round(k / n * n_eff), round(n_eff)).proportion_ci(confidence, method="wilson")
        assert abs(ci.low - lower) < 1e-12 and abs(ci.high - upper) < 1e-12, (name, ci, lower, upper)
    out = {"name": name, "clusters": [{"k": x, "m": m} for x in ks], "confidence": confidence,
           "rho": rho, "deff": deff, "nEff": n_eff, "lower": lower, "upper": upper}
    if bound is not None:
        out["rhoBound"] = bound
    return out


rng = np.random.default_rng(20261204)
vectors = [
    vector("the issue's run: 12 tasks at 3/3, 4 at 0/3", [3] * 12 + [0] * 4, 3),
    vector("k = 0", [0] * 10, 3),
    vector("k = n", [5] * 8, 5),
    vector("one task", [2], 3),
    vector("m = 1", [1, 0, 1, 1, 0, 1, 1, 1], 1),
    vector("rho below zero: every task 1 of 2", [1] * 20, 2),
    vector("rho between: mixed", [3, 2, 3, 0, 1, 3, 3, 2, 0, 3, 3, 1], 3),
    vector("rho near zero", [1, 2, 1, 2, 1, 1, 2, 2, 1, 0, 2, 1], 3),
    vector("confidence 0.9", [4, 4, 0, 3, 4, 1, 4, 4], 4, 0.9),
    vector("two tasks, one flipped rep", [3, 2], 3),
]
for i in range(8):
    t = int(rng.integers(2, 60))
    m = int(rng.integers(2, 7))
    p = rng.uniform(0.05, 0.95, size=t)
    ks = [int(x) for x in rng.binomial(m, p)]
    vectors.append(vector(f"random {i}: {t} tasks x {m} reps", ks, m))



def icc_unequal(clusters):
    """clusters: [(k, m)] with m >= 1. Returns rho, bound."""
    t = len(clusters)
    groups = [np.array([1.0] * k + [0.0] * (m - k)) for k, m in clusters]
    sizes = np.array([m for _, m in clusters], dtype=float)
    big_n = sizes.sum()
    if big_n == t:
        return 0.0, "one_rep"
    if t == 1:
        return 1.0, "one_task"
    grand = np.concatenate(groups).mean()
    ssb = sum(len(g) * (g.mean() - grand) ** 2 for g in groups)
    ssw = sum(((g - g.mean()) ** 2).sum() for g in groups)
    msb = ssb / (t - 1)
    msw = ssw / (big_n - t)
    if msw == 0:
        return 1.0, "reps_agree"
    n0 = (big_n - (sizes**2).sum() / big_n) / (t - 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        f = stats.f_oneway(*groups).statistic
    assert abs(f - msb / msw) < 1e-9 * max(1.0, abs(f)), (clusters, f, msb / msw)
    rho = (msb - msw) / (msb + (n0 - 1) * msw)
    if rho < -1e-12:
        return 0.0, "below_zero"
    return min(1.0, max(0.0, float(rho))), None


def vector_unequal(name, clusters, confidence=0.95):
    kept = [(k, m) for k, m in clusters if m > 0]
    t = len(kept)
    k = sum(x for x, _ in kept)
    n = sum(m for _, m in kept)
    rho, bound = icc_unequal(kept)
    deff = 1 + (n / t - 1) * rho
    n_eff = min(n, max(t, n / deff))
    lower, upper = wilson(k / n, n_eff, confidence)
    if k == 0:
        lower = 0.0
    if k == n:
        upper = 1.0
    out = {"name": name, "clusters": [{"k": x, "m": m} for x, m in clusters], "confidence": confidence,
           "rho": rho, "deff": deff, "nEff": n_eff, "lower": lower, "upper": upper}
    if bound is not None:
        out["rhoBound"] = bound
    return out


unequal = [
    vector_unequal("unequal: construct with oracle errors", [(3, 3), (2, 3), (1, 2), (0, 3), (3, 3), (2, 2), (0, 1), (3, 3)]),
    vector_unequal("unequal: random-args applicability", [(1, 4), (0, 2), (3, 5), (0, 1), (2, 2), (1, 3), (0, 4), (4, 4)]),
    vector_unequal("unequal: one task", [(2, 5)]),
    vector_unequal("unequal: all pass", [(3, 3), (2, 2), (1, 1), (3, 3)]),
    vector_unequal("unequal: all fail", [(0, 3), (0, 1), (0, 2), (0, 3)]),
    vector_unequal("unequal: m_i = 1 everywhere", [(1, 1), (0, 1), (1, 1), (1, 1), (0, 1)]),
    vector_unequal("unequal: a task of size 0 is left out", [(2, 3), (0, 0), (1, 3), (3, 3), (0, 2), (1, 1)]),
    vector_unequal("unequal: only one task of nonzero size", [(0, 0), (1, 3), (0, 0)]),
    vector_unequal("unequal: reps agree, sizes differ", [(3, 3), (0, 2), (1, 1), (0, 3)]),
    vector_unequal("unequal: rho below zero", [(1, 2), (2, 4), (1, 2), (3, 6), (2, 4)]),
    vector_unequal("unequal: equal sizes through this path", [(3, 3), (2, 3), (3, 3), (0, 3), (1, 3), (3, 3), (3, 3), (2, 3)]),
]
for i in range(6):
    t = int(rng.integers(2, 40))
    sizes = rng.integers(0, 7, size=t)
    sizes[0] = max(int(sizes[0]), 1)
    p = rng.uniform(0.05, 0.95, size=t)
    unequal.append(vector_unequal(f"unequal random {i}: {t} tasks", [(int(rng.binomial(int(m), q)), int(m)) for m, q in zip(sizes, p)]))

out = pathlib.Path(__file__).resolve().parents[2] / "test" / "fixtures" / "reference" / "clustered.json"
out.write_text(json.dumps({"source": "scripts/reference/clustered.py", "vectors": vectors, "unequal": unequal}, indent=2) + "\n")
print(f"{len(vectors)} + {len(unequal)} unequal vectors -> {out}")
