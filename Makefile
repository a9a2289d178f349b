# Shortcuts for the npm scripts (package.json is the source of truth).
IMAGE ?= cabinet-portal
TEST_DATABASE_URL ?= mysql://root@127.0.0.1:3306/test

.PHONY: install build start dev test test-mysql test-browser typecheck migrate bench docker ci clean

install:
	npm ci

build:
	npm run build

start:
	npm start

dev:
	npm run dev

test:
	npm test

# The files that touch SQL (all but test/skip-on-mariadb-leg.txt); `TEST_DATABASE_URL=… npm test` runs every file.
test-mysql:
	TEST_DATABASE_URL=$(TEST_DATABASE_URL) npm run test:mariadb

test-browser:
	npm run test:browser

typecheck:
	npm run typecheck

migrate:
	npm run migrate

bench:
	npm run bench

docker:
	docker build -t $(IMAGE) .

ci:
	bash .ci/run

clean:
	rm -rf dist .tap coverage
