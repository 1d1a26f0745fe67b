"""Repository rule exposing system C++ libraries to Bazel.

Flags come from `pkg-config` (or `mpicxx --showme` for MPI), so the same WORKSPACE works on a
cluster where the libraries live elsewhere (set PKG_CONFIG_PATH / put the right mpicxx on PATH).
A missing library fails the build with a message naming the Debian package that provides it;
`./bazelw` installs every package listed in deps/debian_packages.txt before calling Bazel.

Targets of @system_libs: eigen, hdf5, mpi, ceres, gtest, gtest_main, gmock, benchmark,
benchmark_main, absl, random123, plplot, tomlplusplus, glpk, lbfgspp.
"""

# name -> (pkg-config modules, Debian package, extra deps)
_PKG_CONFIG_LIBS = {
    "eigen": (["eigen3"], "libeigen3-dev", []),
    "hdf5": (["hdf5"], "libhdf5-dev", []),
    "gtest": (["gtest"], "libgtest-dev", []),
    "gtest_main": (["gtest_main"], "libgtest-dev", [":gtest"]),
    "gmock": (["gmock"], "libgmock-dev", [":gtest"]),
    "benchmark": (["benchmark"], "libbenchmark-dev", []),
    "absl": ([
        "absl_status",
        "absl_statusor",
        "absl_strings",
        "absl_str_format",
        "absl_time",
        "absl_synchronization",
    ], "libabsl-dev", []),
    "plplot": (["plplot-c++"], "libplplot-dev", []),
    "glog": (["libglog"], "libgoogle-glog-dev", []),
    "gflags": (["gflags"], "libgflags-dev", []),
    "tomlplusplus": (["tomlplusplus"], "libtomlplusplus-dev", []),
}

def _missing(what, package):
    fail(("dprl: system library '%s' not found. Install the Debian package '%s' " +
          "(it is listed in deps/debian_packages.txt; ./bazelw installs the list), " +
          "or point PKG_CONFIG_PATH at a local installation.") % (what, package))

def _run(ctx, args, what, package):
    result = ctx.execute(args)
    if result.return_code != 0:
        _missing(what, package)
    return result.stdout.strip()

def _split_flags(text):
    return [f for f in text.replace("\n", " ").split(" ") if f]

def _emit(ctx, name, include_dirs, link_flags, defines, deps):
    """Returns the BUILD text for one cc_library; symlinks its include dirs into the repo."""
    includes = []
    hdr_globs = []
    for i, d in enumerate(include_dirs):
        d = d.rstrip("/")
        if d in ["/usr/include", "/usr/local/include"]:
            continue  # Compiler built-in search path.
        local = "%s_include_%d" % (name, i)
        ctx.symlink(d, local)
        includes.append(local)
        hdr_globs.append(local + "/**")
    return """
cc_library(
    name = "{name}",
    hdrs = glob({globs}, allow_empty = True),
    includes = {includes},
    linkopts = {linkopts},
    defines = {defines},
    deps = {deps},
)
""".format(
        name = name,
        globs = repr(hdr_globs),
        includes = repr(includes),
        linkopts = repr(link_flags),
        defines = repr(defines),
        deps = repr(deps),
    )

def _pkg_config_lib(ctx, name, modules, package, deps):
    pkg_config = ctx.which("pkg-config")
    if pkg_config == None:
        _missing("pkg-config", "pkg-config")
    for m in modules:
        _run(ctx, [pkg_config, "--exists", m], "%s (pkg-config module %s)" % (name, m), package)
    cflags = _split_flags(_run(ctx, [pkg_config, "--cflags"] + modules, name, package))
    libs = _split_flags(_run(ctx, [pkg_config, "--libs"] + modules, name, package))
    include_dirs = [f[2:] for f in cflags if f.startswith("-I")]
    defines = [f[2:] for f in cflags if f.startswith("-D")]
    return _emit(ctx, name, include_dirs, libs, defines, deps)

def _mpi_lib(ctx):
    mpicxx = ctx.which("mpicxx")
    if mpicxx == None:
        _missing("mpi (mpicxx)", "libopenmpi-dev")
    incdirs = _split_flags(_run(ctx, [mpicxx, "--showme:incdirs"], "mpi", "libopenmpi-dev"))
    libdirs = _split_flags(_run(ctx, [mpicxx, "--showme:libdirs"], "mpi", "libopenmpi-dev"))
    libs = _split_flags(_run(ctx, [mpicxx, "--showme:libs"], "mpi", "libopenmpi-dev"))

    # The C API is all dprl uses; drop the deprecated C++ bindings library.
    link = ["-L" + d for d in libdirs] + ["-l" + l for l in libs if l != "mpi_cxx"]
    return _emit(ctx, "mpi", incdirs, link, ["OMPI_SKIP_MPICXX=1"], [])

def _header_only(ctx, name, probe, package):
    if not ctx.path(probe).exists:
        _missing("%s (%s)" % (name, probe), package)
    return _emit(ctx, name, [], [], [], [])

def _system_libs_impl(ctx):
    build = ['package(default_visibility = ["//visibility:public"])\n']
    for name, spec in _PKG_CONFIG_LIBS.items():
        modules, package, deps = spec
        build.append(_pkg_config_lib(ctx, name, modules, package, deps))
    build.append(_emit(ctx, "benchmark_main", [], ["-lbenchmark_main"], [], [":benchmark"]))
    build.append(_mpi_lib(ctx))
    build.append(_header_only(ctx, "random123", "/usr/include/Random123/philox.h", "librandom123-dev"))
    if not ctx.path("/usr/include/ceres/ceres.h").exists:
        _missing("ceres (/usr/include/ceres/ceres.h)", "libceres-dev")
    build.append(_emit(ctx, "ceres", [], ["-lceres"], [], [":eigen", ":glog", ":gflags"]))

    # GLPK (the GNU Linear Programming Kit) ships no pkg-config file in Debian.
    if not ctx.path("/usr/include/glpk.h").exists:
        _missing("glpk (/usr/include/glpk.h)", "libglpk-dev")
    build.append(_emit(ctx, "glpk", [], ["-lglpk"], [], []))

    # LBFGS++ (header-only L-BFGS on Eigen; the OFU step's second minimiser, ofu_step_options.h).
    if not ctx.path("/usr/include/LBFGS.h").exists:
        _missing("lbfgspp (/usr/include/LBFGS.h)", "liblbfgspp-dev")
    build.append(_emit(ctx, "lbfgspp", [], [], [], [":eigen"]))
    ctx.file("WORKSPACE", 'workspace(name = "%s")\n' % ctx.name)
    ctx.file("BUILD", "\n".join(build))

system_libs = repository_rule(
    implementation = _system_libs_impl,
    environ = ["PATH", "PKG_CONFIG_PATH"],
    local = True,
)
