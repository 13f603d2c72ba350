//! Registers the file, system-information, checksum and search commands (chmod … xargs).

pub fn register_all(r: &mut super::Registry) {
    super::chmod::register(r);
    super::chown::register(r);
    super::ln::register(r);
    super::readlink::register(r);
    super::stat::register(r);
    super::rmdir::register(r);
    super::mv::register(r);
    super::install::register(r);
    super::mktemp::register(r);
    super::truncate::register(r);
    super::sysinfo::register(r);
    super::sums::register(r);
    super::baseenc::register(r);
    super::find::register(r);
    super::xargs::register(r);
    super::du::register(r);
    super::df::register(r);
    super::tree::register(r);
    super::dd::register(r);
    super::file::register(r);
    super::patch::register(r);
    super::gzip::register(r);
    super::tar::register(r);
    super::zip::register(r);
}
