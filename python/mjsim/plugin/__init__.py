"""The directory mjsim.PLUGINS_DIR names: engine plugin libraries of the package live here.
mjsim ships none yet; this marker keeps the directory in the package."""
