"""The regret datasets of results schema version 2 for the analysis tests' file generators.

episode_grid(T) is the C++ RegretEpisodeGrid (experiments/core/episode_grid.h): the distinct
integers round(10^(i / 100)) <= T, then T. write_regret(group, per_episode) writes episode_grid,
cumulative_regret (numpy.cumsum of each row at those episodes, the same sum in episode order as
the experiments) and total_regret [seeds] from a per-episode array [seeds, T];
write_cumulative(group, grid, cumulative) writes them from the cumulative regret at the grid.
"""
import numpy as np

SCHEMA_VERSION = 2
POINTS_PER_DECADE = 100


def episode_grid(num_episodes):
    grid = []
    i = 0
    while True:
        k = int(np.floor(10.0 ** (i / POINTS_PER_DECADE) + 0.5))
        if k > num_episodes:
            break
        if not grid or k > grid[-1]:
            grid.append(k)
        i += 1
    if grid[-1] != num_episodes:
        grid.append(num_episodes)
    return np.array(grid, dtype=np.int64)


def write_regret(group, per_episode):
    """Writes the three regret datasets of `group` from per_episode [seeds, T]; returns the grid."""
    per_episode = np.asarray(per_episode, dtype=np.float64)
    grid = episode_grid(per_episode.shape[1])
    write_cumulative(group, grid, np.cumsum(per_episode, axis=1)[:, grid - 1])
    return grid


def write_cumulative(group, grid, cumulative):
    """Writes the three regret datasets of `group` from the cumulative regret [seeds, len(grid)]
    at the episodes grid = episode_grid(T) (for a T too long to hold every episode)."""
    cumulative = np.asarray(cumulative, dtype=np.float64)
    seeds = cumulative.shape[0]
    group.create_dataset("episode_grid", data=np.tile(grid.astype(np.float64), (seeds, 1)))
    group.create_dataset("cumulative_regret", data=cumulative)
    group.create_dataset("total_regret", data=cumulative[:, -1].copy())


def check_regret_group(group, seeds, tolerance=1e-12):
    """Asserts the regret datasets of an experiment's group (h5py) follow schema version 2:
    episode_grid rows all equal episode_grid(num_episodes attribute), cumulative_regret
    [seeds, n] non-decreasing and >= -tolerance, total_regret equal to its last column.
    Returns (grid, cumulative_regret)."""
    name = group.name
    episodes = int(group.attrs["num_episodes"])
    grid = group["episode_grid"][()]
    expected = episode_grid(episodes)
    assert grid.shape == (seeds, len(expected)), (name, grid.shape)
    assert (grid == expected.astype(np.float64)).all(), name
    cumulative = group["cumulative_regret"][()]
    assert cumulative.shape == grid.shape, (name, cumulative.shape)
    assert (cumulative[:, 0] >= -tolerance).all(), name
    assert (np.diff(cumulative, axis=1) >= -tolerance).all(), name
    total = group["total_regret"][()]
    assert total.shape == (seeds,) and (total == cumulative[:, -1]).all(), name
    assert "per_episode_regret" not in group, name
    return grid, cumulative
