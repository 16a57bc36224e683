//! The real client address: the peer, or — only when the peer is a trusted proxy
//! (`KANISA_TRUSTED_PROXIES`) — the nearest address in `X-Forwarded-For` that is not itself a
//! trusted proxy. A client cannot forge its address by sending the header directly.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;
use kanisa_config::IpBlock;

pub fn client_ip(peer: SocketAddr, headers: &HeaderMap, trusted: &[IpBlock]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|b| b.contains(ip));
    let mut ip = peer.ip();
    if !is_trusted(ip) {
        return canonical(ip);
    }
    let hops: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|h| h.trim().parse().ok())
        .collect();
    for hop in hops.into_iter().rev() {
        ip = hop;
        if !is_trusted(hop) {
            break;
        }
    }
    canonical(ip)
}

/// IPv4-mapped IPv6 (`::ffff:1.2.3.4`) shown as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in xff {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn forwarded_for_is_believed_only_from_trusted_proxies() {
        let trusted: Vec<IpBlock> = vec!["10.0.0.0/8".parse().unwrap()];
        let proxy: SocketAddr = "10.0.0.5:4000".parse().unwrap();
        let stranger: SocketAddr = "203.0.113.9:4000".parse().unwrap();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        // Direct client sending a forged header: ignored.
        assert_eq!(
            client_ip(stranger, &headers(&["1.2.3.4"]), &trusted),
            ip("203.0.113.9")
        );
        // Through the proxy: the nearest untrusted hop, not the forgeable leftmost one.
        assert_eq!(
            client_ip(proxy, &headers(&["1.2.3.4, 198.51.100.7"]), &trusted),
            ip("198.51.100.7")
        );
        assert_eq!(
            client_ip(proxy, &headers(&["198.51.100.7", "10.0.0.9"]), &trusted),
            ip("198.51.100.7")
        );
        // No header or garbage: the proxy itself.
        assert_eq!(client_ip(proxy, &headers(&[]), &trusted), ip("10.0.0.5"));
        assert_eq!(
            client_ip(proxy, &headers(&["nonsense"]), &trusted),
            ip("10.0.0.5")
        );
        // Nothing trusted by default.
        assert_eq!(
            client_ip(proxy, &headers(&["1.2.3.4"]), &[]),
            ip("10.0.0.5")
        );
        let mapped: SocketAddr = "[::ffff:192.0.2.1]:80".parse().unwrap();
        assert_eq!(client_ip(mapped, &headers(&[]), &[]), ip("192.0.2.1"));
    }
}
