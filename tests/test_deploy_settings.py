"""Production defaults: DEBUG is off unless asked, the service refuses to start without its
own keys, Django's deployment checks find nothing with docker's settings, and under ASGI the
middleware runs in sync mode, in one thread."""

import os
import re
import subprocess
import sys
from pathlib import Path

import yaml
from django.conf import settings
from django.utils.module_loading import import_string

ROOT = Path(__file__).resolve().parent.parent


def run_django(env: dict, *args: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "CHAIN_KEY", "DEBUG", "HTTPS")}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
    )


def docker_environment() -> dict:
    """The web service's environment in docker/compose.yaml, with docker/env.example's names
    given strong values."""
    compose = (ROOT / "docker" / "compose.yaml").read_text()
    names = set(re.findall(r"^([A-Z_]+)=", (ROOT / "docker" / "env.example").read_text(), re.MULTILINE))
    assert {"SECRET_KEY", "CHAIN_KEY", "ALLOWED_HOSTS"} <= names
    assert "DEBUG" not in compose, "docker runs with the production default"
    return {
        "SECRET_KEY": "k7Hq2-a-strong-generated-key-of-more-than-fifty-characters-ZpW9",
        "CHAIN_KEY": "another-strong-generated-key",
        "ALLOWED_HOSTS": "tablelog.example.org",
    }


def test_without_keys_the_service_refuses_to_start():
    for missing in ("SECRET_KEY", "CHAIN_KEY"):
        env = {**docker_environment()}
        del env[missing]
        result = run_django(env, "check")
        assert result.returncode != 0
        assert f"{missing} is not set" in result.stderr


def test_debug_is_off_unless_asked():
    result = run_django(docker_environment(), "shell", "-c", "from django.conf import settings; print(settings.DEBUG)")
    assert result.stdout.strip().splitlines()[-1] == "False", result.stderr


def test_check_deploy_is_clean_with_dockers_settings():
    result = run_django(docker_environment(), "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_compose_runs_any_number_of_web_containers_behind_one_port():
    """#21: `--scale web=3` needs no host port of each web container's: only the proxy
    publishes one, listens on it (docker/nginx.conf) and sends to the port the web server binds."""
    services = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())["services"]
    assert {name: service["ports"] for name, service in services.items() if "ports" in service} == {
        "proxy": ["8000:8000"]
    }
    nginx = (ROOT / "docker" / "nginx.conf").read_text()
    assert re.search(r"^\s*listen 8000;$", nginx, re.MULTILINE)
    assert re.search(r"^\s*set \$web http://web:8000;$", nginx, re.MULTILINE)
    assert services["web"]["expose"] == ["8000"]
    assert '"--bind", "0.0.0.0:8000"' in (ROOT / "docker" / "Dockerfile").read_text()


def test_under_asgi_the_middleware_runs_in_sync_mode_in_one_thread():
    """Django runs a middleware in async mode when all below it can be async, and its own
    middleware (MiddlewareMixin) then hands each hook to a thread of its own (Django's
    "Asynchronous support": a request crossed between the event loop and threads about a dozen
    times). A sync-only middleware last puts every middleware above it in sync mode."""
    last = import_string(settings.MIDDLEWARE[-1])
    assert getattr(last, "sync_capable", True) and not getattr(last, "async_capable", False), settings.MIDDLEWARE[-1]
