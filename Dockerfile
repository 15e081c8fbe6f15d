# Attention Lab: one app replica per container (scale with the Deployment in deploy/kubernetes.yaml).
#   docker build -t attention-lab .
#   docker run --rm -p 8501:8501 attention-lab
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 OMP_NUM_THREADS=1
WORKDIR /app

# torch first, from PyTorch's CPU wheel index at the version requirements.txt pins (PyPI's Linux wheel pulls the
# CUDA libraries, gigabytes the app never uses); then the rest of the pinned runtime requirements
COPY requirements.txt .
RUN pip install --index-url https://download.pytorch.org/whl/cpu "$(grep '^torch==' requirements.txt)" \
 && pip install -r requirements.txt

COPY app.py ./
COPY .streamlit ./.streamlit
COPY model ./model
COPY pages ./pages
COPY ui ./ui
COPY viz ./viz
COPY lesson ./lesson
COPY checkpoints ./checkpoints

RUN useradd --create-home --uid 10001 lab && chown -R lab /app
USER lab

EXPOSE 8501
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=2)"
CMD ["python", "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.port", "8501", \
     "--server.address", "0.0.0.0", "--browser.gatherUsageStats", "false"]
