# shellcheck shell=bash
# Helpers shared by scripts/serve, scripts/test and .ci/run. Source this file; don't run it.
#
# Written for bash 3.2 and later (macOS ships 3.2), though the app is developed on Debian.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO_ROOT/.venv"
VENV_PY="$VENV/bin/python"
VAR_DIR="$REPO_ROOT/var"

say() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() {
    printf '\nerror: %s\n' "$*" >&2
    exit 1
}

# True if "$1" runs and is Python 3.12 or newer (Django 6.1 needs 3.12+).
python_ok() {
    "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1
}

# Prints the path of a Python >= 3.12, or explains what to install and returns 1.
find_python() {
    local candidates=() c pyenv_root found tried=""
    pyenv_root="${PYENV_ROOT:-$HOME/.pyenv}"
    if [ -n "${PYTHON:-}" ]; then
        candidates+=("$PYTHON")
    fi
    candidates+=(python3.13 python3.12)
    if command -v pyenv >/dev/null 2>&1; then
        # Honours the repository's .python-version (3.13).
        c="$(cd "$REPO_ROOT" && pyenv which python 2>/dev/null)" && candidates+=("$c")
    fi
    # shellcheck disable=SC2012
    while IFS= read -r c; do
        candidates+=("$c")
    done < <(ls -d "$pyenv_root"/versions/3.1[2-9]*/bin/python 2>/dev/null | sort -rV)
    candidates+=(python3 python)

    for c in "${candidates[@]}"; do
        command -v "$c" >/dev/null 2>&1 || continue
        if python_ok "$c"; then
            # Resolve pyenv shims and the like to the real interpreter.
            "$c" -c 'import sys; print(sys.executable)'
            return 0
        fi
        found="$("$c" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>/dev/null || echo "does not run")"
        tried="$tried
    $c: $found"
    done

    cat >&2 <<EOF

error: Scorekeeper needs Python 3.12 or newer (Django 6.1 requires it), and none was found.
Looked for python3.13, python3.12, pyenv's Pythons and python3. Found:${tried:-
    (no Python at all)}

Install Python 3.12 or 3.13, then run this command again. For example:
    pyenv:          pyenv install 3.13      (the repository's .python-version asks for 3.13)
    uv:             uv python install 3.13
    Ubuntu 24.04+:  sudo apt install python3 python3-venv
    macOS:          brew install python@3.13
If it is installed somewhere unusual, point to it:  PYTHON=/path/to/python3.13 $0
EOF
    return 1
}

# Hash of the given files plus the venv's Python version: changes when a requirement changes.
requirements_hash() {
    "$VENV_PY" - "$@" <<'EOF'
import hashlib, sys
h = hashlib.sha256(sys.version.encode())
for name in sys.argv[1:]:
    h.update(name.encode() + b"\0")
    with open(name, "rb") as f:
        h.update(f.read())
print(h.hexdigest())
EOF
}

# Takes a lock so that two scripts started at once don't install into .venv together.
# The lock is released by setup_unlock (before exec'ing a long-lived server).
setup_lock() {
    mkdir -p "$VAR_DIR"
    chmod 700 "$VAR_DIR"
    if command -v flock >/dev/null 2>&1; then
        exec 9>"$VAR_DIR/setup.lock"
        if ! flock -n 9; then
            say "Waiting for another scripts/serve or scripts/test to finish setting up..."
            flock 9
        fi
    fi
}
setup_unlock() {
    exec 9>&-
}

# ensure_venv runtime|dev
# Makes .venv with a Python >= 3.12 and installs requirements.txt (runtime) or
# requirements-dev.txt (dev, which includes runtime). Skips pip when the stamp
# in .venv says the same requirement files were already installed.
ensure_venv() {
    local level="$1" req hash stamp py
    if [ "$level" = dev ]; then req=requirements-dev.txt; else req=requirements.txt; fi

    if [ -e "$VENV" ] && ! python_ok "$VENV_PY"; then
        say "Removing .venv: its Python is missing or older than 3.12."
        rm -rf "$VENV"
    fi
    if [ ! -e "$VENV" ]; then
        py="$(find_python)" || exit 1
        say "Creating .venv with $("$py" -V 2>&1) ($py)"
        if ! "$py" -m venv "$VENV"; then
            rm -rf "$VENV"
            die "could not create .venv with $py. On Debian/Ubuntu the venv module is a separate package: sudo apt install python3-venv (or python3.13-venv)."
        fi
    fi

    (cd "$REPO_ROOT" && [ -f requirements.txt ] && [ -f "$req" ]) || die "$REPO_ROOT/$req is missing."
    if [ "$level" = dev ]; then
        hash="$(cd "$REPO_ROOT" && requirements_hash requirements.txt requirements-dev.txt)"
    else
        hash="$(cd "$REPO_ROOT" && requirements_hash requirements.txt)"
    fi
    stamp="$VENV/.scorekeeper-installed-$level"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
        return 0
    fi

    say "Installing $req into .venv (first run, or the requirements changed)..."
    rm -f "$stamp"
    (cd "$REPO_ROOT" && "$VENV_PY" -m pip install --disable-pip-version-check --quiet -r "$req") ||
        die "pip could not install $req (see above). Fix the problem and run the command again."
    printf '%s\n' "$hash" >"$stamp"
    if [ "$level" = dev ]; then
        # requirements-dev.txt includes requirements.txt, so the runtime set is in too.
        (cd "$REPO_ROOT" && requirements_hash requirements.txt) >"$VENV/.scorekeeper-installed-runtime"
    fi
}

# Runs a command as root: directly when we are root, through passwordless sudo
# otherwise; returns 1 when neither is possible.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo "$@"
    else
        return 1
    fi
}

can_be_root() {
    [ "$(id -u)" = 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }
}

# apt_install PACKAGE... : installs Debian packages (apt-get update first), or
# explains what to install and exits when we can't.
apt_install() {
    if ! command -v apt-get >/dev/null 2>&1; then
        die "these packages are needed but this system has no apt-get: $*
Install the equivalents with your system's package manager and run the command again."
    fi
    if ! can_be_root; then
        die "these Debian packages are needed: $*
Install them (this needs root), then run the command again:
    sudo apt-get install $*"
    fi
    say "Installing Debian packages: $*"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
        die "apt-get update failed (see above)."
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" ||
        die "apt-get install $* failed (see above)."
}

# compile_messages SETTINGS_MODULE : compiles the translations (locale/*/LC_MESSAGES/django.po into
# the .mo files Django reads; the .mo files are not committed) with Django's compilemessages, which
# runs GNU gettext's msgfmt and checks each translation's placeholders against its English.
compile_messages() {
    (cd "$REPO_ROOT" && DJANGO_SETTINGS_MODULE="$1" "$VENV_PY" manage.py compilemessages \
        --ignore=.venv --ignore=staticfiles --ignore=.git -v 0) ||
        die "manage.py compilemessages failed (see above): a translation in locale/ does not compile."
}
