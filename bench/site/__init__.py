"""The site's benchmarks, game-neutral: boot, a first visit's bytes, main-thread tasks, replay links, screenshots."""
