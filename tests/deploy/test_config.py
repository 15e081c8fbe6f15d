"""What can be checked here of the production files without Docker or a cluster: the nginx configuration is
valid and says what it should, the Dockerfile installs the pinned requirements with torch's CPU wheel and runs what
the README runs, and the Kubernetes manifest holds a Deployment, Service and cookie-affinity Ingress that agree."""
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from deploy.serve import NGINX_HINT, main, render_config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def nginx_conf(tmp_path) -> Path:
    conf = tmp_path / "nginx.conf"
    conf.write_text(render_config(tmp_path, "127.0.0.1:9080", [9081, 9082, 9083]))
    return conf


def test_the_rendered_nginx_config_passes_nginx_t(nginx_binary, nginx_conf):
    result = subprocess.run([nginx_binary, "-t", "-p", str(nginx_conf.parent), "-c", str(nginx_conf),
                             "-e", str(nginx_conf.parent / "error.log")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr


def test_the_nginx_config_upgrades_websockets_keeps_browsers_on_one_replica_and_compresses(nginx_conf):
    conf = nginx_conf.read_text()
    assert "{{" not in conf
    assert re.findall(r"server 127\.0\.0\.1:(\d+) max_fails=1", conf) == ["9081", "9082", "9083"]
    assert "hash $al_replica_key consistent;" in conf and "proxy_next_upstream error timeout" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf and "location = /_stcore/stream" in conf
    gzip_types = re.search(r"gzip_types ([^;]+);", conf).group(1).split()
    assert {"application/javascript", "text/css", "application/json"} <= set(gzip_types)
    assert "woff2" not in " ".join(gzip_types), "fonts are compressed already"
    assert re.search(r"default \"public, max-age=31536000, immutable\"", conf), "versioned files cached a year"


def test_serve_says_what_is_missing_instead_of_installing_it(monkeypatch, capsys):
    monkeypatch.setattr("deploy.serve.find_nginx", lambda path=None: None)
    with pytest.raises(SystemExit) as exit_:
        main(["--replicas", "2", "--port", "9080"])
    assert exit_.value.code == NGINX_HINT and "apt-get install nginx" in NGINX_HINT


def test_the_dockerfile_installs_the_pinned_requirements_with_the_cpu_torch_wheel():
    docker = (ROOT / "Dockerfile").read_text()
    pins = (ROOT / "requirements.txt").read_text()
    assert re.search(r"^torch==2\.13\.0$", pins, re.M), "requirements.txt pins torch"
    assert "download.pytorch.org/whl/cpu" in docker and "\"$(grep '^torch==' requirements.txt)\"" in docker
    assert "pip install -r requirements.txt" in docker and "requirements-dev" not in docker
    assert re.search(r"^FROM python:3\.11", docker, re.M)
    runtime = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "benchmarks", "deploy", "tools"}
    assert {"model", "pages", "ui", "viz", "lesson"} <= runtime  # every package the app imports, found on disk
    for folder in sorted(runtime) + ["checkpoints", ".streamlit"]:
        assert re.search(rf"^COPY {re.escape(folder)} ", docker, re.M), folder
    assert "/_stcore/health" in docker and '"--server.port", "8501"' in docker and "EXPOSE 8501" in docker
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert "tests" in ignored and "checkpoints" not in ignored


def test_the_kubernetes_manifest_has_a_deployment_service_and_cookie_affinity_ingress_that_agree():
    named = {(d["kind"], d["metadata"]["name"]): d for d in yaml.safe_load_all(
        (ROOT / "deploy" / "kubernetes.yaml").read_text())}
    docs = {kind: d for (kind, name), d in named.items() if name == "attention-lab"}
    assert {"Deployment", "Service", "Ingress", "Secret"} <= set(docs)
    deployment, service, ingress = docs["Deployment"], docs["Service"], docs["Ingress"]
    pod = deployment["spec"]["template"]
    container = pod["spec"]["containers"][0]
    assert deployment["spec"]["replicas"] >= 2
    assert deployment["spec"]["selector"]["matchLabels"] == pod["metadata"]["labels"] == service["spec"]["selector"]
    assert container["ports"][0]["containerPort"] == 8501
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == "/_stcore/health", probe
    secret = container["env"][0]["valueFrom"]["secretKeyRef"]
    assert secret["name"] == docs["Secret"]["metadata"]["name"] and secret["key"] in docs["Secret"]["stringData"]
    notes = ingress["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    assert int(notes["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600, "websockets stay open"
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == service["metadata"]["name"]
    assert backend["port"]["name"] == service["spec"]["ports"][0]["name"]
    redis_url = {e["name"]: e.get("value") for e in container["env"]}["ATTENTION_LAB_REDIS"]  # classes across pods
    redis_service = named[("Service", "attention-lab-redis")]
    redis = named[("StatefulSet", "attention-lab-redis")]["spec"]["template"]
    assert redis_url == f"redis://{redis_service['metadata']['name']}:{redis_service['spec']['ports'][0]['port']}/0"
    assert redis_service["spec"]["selector"] == redis["metadata"]["labels"]
    assert "--appendonly" in redis["spec"]["containers"][0]["args"]  # a restart keeps the live classes
