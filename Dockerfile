# oplint in a container, for GitLab CI and any CI that runs jobs in images (docs/ci.md).
#
#   docker build -t oplint .
#   docker run --rm -v "$PWD:/work" oplint oplint graphs/app.json
#
# The build stage uses the official Swift image; the final image is Debian with the binary
# and the runtime libraries it links (Graphviz's libgvc and simdjson), nothing else. Both
# stages are Debian 12, so the runtime packages match the libraries the build linked.

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
# The libraries first (the Makefile's build-deps: simdjson, Graphviz, pkg-config), so that
# this layer is reused while only the sources change.
COPY Makefile ./
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends make \
    && make build-deps \
    && rm -rf /var/lib/apt/lists/*
# SwiftPM reads every target's folder, tests and plugins included.
COPY Package.swift ./
COPY Sources ./Sources
COPY Plugins ./Plugins
COPY Tests ./Tests
RUN make release && .build/release/oplint --version

FROM ${RUNTIME_IMAGE}
RUN apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libgvc6 libsimdjson14 \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/.build/release/oplint /usr/local/bin/oplint
WORKDIR /work
# No entry point: CI systems run their own shell in the image (GitLab's `script:`).
CMD ["oplint", "--help"]
