# The fogwar server as a container (used by docker-compose.yml). Node 22, the workspace installed
# from the lockfile, the web client built, the server started with tsx.
FROM node:22-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@12
COPY . .
RUN pnpm install --frozen-lockfile && pnpm run build:web
ENV PORT=2567 HOST=0.0.0.0 FOGWAR_DATA_DIR=/app/data
EXPOSE 2567
CMD ["pnpm", "run", "serve"]
